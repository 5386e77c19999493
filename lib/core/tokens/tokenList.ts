// Token registry as data, shaped like a Uniswap token list: each chain's tokens as its file in
// lib/core/chains/ lists them, the assets from lib/core/assets/. `extensions.group` names the asset a token
// belongs to across chains: the portfolio aggregates by group, routes move value within one.
import { zeroAddress } from 'viem'
import { assets, type TokenGroup, type TokenInfo } from '../assets/assets'
import { chains } from '../chains/chains'

export type { TokenGroup, TokenInfo } from '../assets/assets'

export const tokenList = {
  name: 'Intent router tokens',
  version: { major: 1, minor: 0, patch: 0 },
  tokens: chains.flatMap((chain) =>
    chain.tokens.map(
      (t): TokenInfo => ({ chainId: chain.id, address: 'address' in t ? t.address : zeroAddress, ...assets[t.asset] }),
    ),
  ),
}

/** Display order and names of the cross-chain asset groups. */
export const tokenGroups: readonly { group: TokenGroup; name: string }[] = [
  { group: 'ETH', name: 'ETH' },
  { group: 'USDC', name: 'USDC' },
  { group: 'USDT', name: 'USDT' },
]
