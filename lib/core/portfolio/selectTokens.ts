// Resolves the portfolio filters (chain ids, chain:token pairs) to the tokens to read.
import { type Address, isAddress } from 'viem'
import { TokenNotSupportedError, UnsupportedChainError, UnsupportedTokenError } from '../errors'
import { findTokenByAddress, findTokenBySymbol, type TokenInfo, tokensOnChain } from '../tokens/tokens'

export type TokenSelector = { chainId: number; token: string }

export type SelectTokensParameters = {
  /** Chains this deployment serves (those with an RPC endpoint). */
  servedChainIds: readonly number[]
  chainIds?: readonly number[]
  tokens?: readonly TokenSelector[]
}

export function selectTokens({ servedChainIds, chainIds, tokens }: SelectTokensParameters): TokenInfo[] {
  for (const id of chainIds ?? []) {
    if (!servedChainIds.includes(id)) throw new UnsupportedChainError(id, 'chainIds')
  }
  const chains = chainIds ?? servedChainIds
  if (!tokens) return chains.flatMap((id) => tokensOnChain(id))

  const picked = tokens.map(({ chainId, token }) => {
    if (!servedChainIds.includes(chainId)) throw new UnsupportedChainError(chainId, 'tokens')
    if (isAddress(token, { strict: false })) {
      const found = findTokenByAddress(chainId, token as Address)
      if (!found) throw new TokenNotSupportedError(token, chainId, 'tokens')
      return found
    }
    const found = findTokenBySymbol(chainId, token)
    if (!found) throw new UnsupportedTokenError(token, chainId, 'tokens')
    return found
  })
  return [...new Set(picked)].filter((t) => chains.includes(t.chainId))
}
