// An amount of a token on a chain, named for the reader: chain name, symbol and decimals from the
// registry. A token the registry does not know keeps its address and is shown in base units.
import { type Address, getAddress } from 'viem'
import { getChain } from '../../core/chains/chains'
import { decodeLockId } from '../../core/locks/lockId'
import { findTokenByAddress, tokens } from '../../core/tokens/tokens'
import { shortAddress } from './formatAddress'
import { formatAmount } from './formatAmount'

export type TokenAmount = {
  chainId: number
  chainName: string
  token: Address
  symbol: string
  decimals: number
  known: boolean
  amount: bigint
}

export function chainName(chainId: number): string {
  return getChain(chainId)?.name ?? `Chain ${chainId}`
}

export function tokenAmount(chainId: number, token: string, amount: bigint): TokenAmount {
  const address = getAddress(token)
  const info = findTokenByAddress(chainId, address)
  return {
    chainId,
    chainName: chainName(chainId),
    token: address,
    symbol: info?.symbol ?? shortAddress(address),
    decimals: info?.decimals ?? 0,
    known: info !== undefined,
    amount,
  }
}

/** `[lockId, amount]` pairs name their token in the id's low 160 bits. */
export function idAmount(chainId: number, [id, amount]: readonly [string, string]): TokenAmount {
  return tokenAmount(chainId, decodeLockId(BigInt(id)).token, BigInt(amount))
}

/** Sums amounts of the same token on the same chain, keeping first-seen order. */
export function sumByToken(amounts: readonly TokenAmount[]): TokenAmount[] {
  const sums = new Map<string, TokenAmount>()
  for (const a of amounts) {
    const key = `${a.chainId}:${a.token}`
    const seen = sums.get(key)
    sums.set(key, seen ? { ...seen, amount: seen.amount + a.amount } : a)
  }
  return [...sums.values()]
}

/** "1,000.5 USDC" (or "1000 units of 0x12…34" for a token the registry does not know). */
export function formatTokenAmount(a: Pick<TokenAmount, 'amount' | 'decimals' | 'symbol' | 'known'>): string {
  return a.known
    ? `${formatAmount(a.amount, a.decimals)} ${a.symbol}`
    : `${formatAmount(a.amount, 0)} base units of ${a.symbol}`
}

/** A token found by address on any chain (the fee token names an asset, not a chain). */
export function anyChainToken(address: string) {
  return tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
}
