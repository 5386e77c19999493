// A (chain, token) pair as a request names it — an address or a symbol on a served chain — resolved
// against the registry, or refused with the field that named it.
import type { Address } from 'viem'
import { isAddress } from 'viem'
import { TokenNotSupportedError, UnsupportedChainError, UnsupportedTokenError } from '../errors'
import { findTokenByAddress, findTokenBySymbol, type TokenInfo } from './tokens'

export function resolvePair(chainId: number, ref: string, served: readonly number[], field: string): TokenInfo {
  if (!served.includes(chainId)) throw new UnsupportedChainError(chainId, field)
  if (isAddress(ref, { strict: false })) {
    const token = findTokenByAddress(chainId, ref as Address)
    if (!token) throw new TokenNotSupportedError(ref, chainId, field)
    return token
  }
  const token = findTokenBySymbol(chainId, ref)
  if (!token) throw new UnsupportedTokenError(ref, chainId, field)
  return token
}
