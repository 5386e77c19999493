// Resolves the portfolio filters (chain ids, chain:token pairs) to the tokens to read, and names the
// chains they ask for that are not served here.
import { type Address, isAddress } from 'viem'
import { TokenNotSupportedError, UnsupportedTokenError } from '../errors'
import { findTokenByAddress, findTokenBySymbol, type TokenInfo, tokensOnChain } from '../tokens/tokens'

export type TokenSelector = { chainId: number; token: string }

export type SelectTokensParameters = {
  /** Chains this deployment serves (those with an RPC endpoint). */
  servedChainIds: readonly number[]
  chainIds?: readonly number[]
  tokens?: readonly TokenSelector[]
}

/** `unsupportedChainIds`: the chains the filters name that this deployment does not serve, ascending.
 * They are left out, not refused: a client that asks for every chain it knows gets the served ones. */
export type SelectedTokens = { tokens: TokenInfo[]; unsupportedChainIds: number[] }

export function selectTokens({ servedChainIds, chainIds, tokens }: SelectTokensParameters): SelectedTokens {
  const served = (id: number) => servedChainIds.includes(id)
  const named = [...(chainIds ?? []), ...(tokens ?? []).map((t) => t.chainId)]
  const unsupportedChainIds = [...new Set(named.filter((id) => !served(id)))].sort((a, b) => a - b)
  const chains = chainIds ? chainIds.filter(served) : servedChainIds
  if (!tokens) return { tokens: chains.flatMap((id) => tokensOnChain(id)), unsupportedChainIds }

  const picked = tokens
    .filter((t) => served(t.chainId))
    .map(({ chainId, token }) => {
      if (isAddress(token, { strict: false })) {
        const found = findTokenByAddress(chainId, token as Address)
        if (!found) throw new TokenNotSupportedError(token, chainId, 'tokens')
        return found
      }
      const found = findTokenBySymbol(chainId, token)
      if (!found) throw new UnsupportedTokenError(token, chainId, 'tokens')
      return found
    })
  return { tokens: [...new Set(picked)].filter((t) => chains.includes(t.chainId)), unsupportedChainIds }
}
