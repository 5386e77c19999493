// Look-ups over the token list: by chain, by address or symbol, by group.
import { type Address, isAddressEqual } from 'viem'
import { type TokenGroup, type TokenInfo, tokenList } from './tokenList'

export type { TokenGroup, TokenInfo } from './tokenList'

export const tokens: readonly TokenInfo[] = tokenList.tokens

export function tokensOnChain(chainId: number): TokenInfo[] {
  return tokens.filter((t) => t.chainId === chainId)
}

export function findTokenByAddress(chainId: number, address: Address): TokenInfo | undefined {
  return tokens.find((t) => t.chainId === chainId && isAddressEqual(t.address, address))
}

/** Symbols match case-insensitively (`usdc` and `USDC` are the same request). */
export function findTokenBySymbol(chainId: number, symbol: string): TokenInfo | undefined {
  const wanted = symbol.toUpperCase()
  return tokens.find((t) => t.chainId === chainId && t.symbol.toUpperCase() === wanted)
}

export function tokensInGroup(group: TokenGroup): TokenInfo[] {
  return tokens.filter((t) => t.extensions.group === group)
}
