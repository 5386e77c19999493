// Folds per-chain balances into one entry per asset group (ETH incl. WETH, USDC, USDT incl. USDT0).
// Decimals rule: an entry uses the largest decimals among its tokens; a token with fewer decimals
// is scaled up exactly (×10^k), so no amount is ever rounded. Each per-chain row keeps its own
// token address.
import type { Address } from 'viem'
import { type TokenGroup, tokenGroups } from '../tokens/tokenList'
import type { ChainBalances } from './readBalances'

export type Amounts = { locked: bigint; unlocked: bigint }

export type PortfolioEntry = {
  group: TokenGroup
  tokenName: string
  tokenDecimals: number
  balance: Amounts
  tokenChainBalance: { chainId: number; tokenAddress: Address; symbol: string; balance: Amounts }[]
}

export type AggregatePortfolioParameters = { chains: readonly ChainBalances[]; filterEmpty: boolean }

export function aggregatePortfolio({ chains, filterEmpty }: AggregatePortfolioParameters): PortfolioEntry[] {
  const rows = chains
    .flatMap((c) => c.balances)
    .filter((b) => !filterEmpty || b.locked + b.unlocked > 0n)
    .sort((a, b) => a.token.chainId - b.token.chainId)

  return tokenGroups.flatMap(({ group, name }) => {
    const members = rows.filter((r) => r.token.extensions.group === group)
    if (members.length === 0) return []
    const decimals = Math.max(...members.map((m) => m.token.decimals))
    const scale = (amount: bigint, from: number) => amount * 10n ** BigInt(decimals - from)
    const tokenChainBalance = members.map((m) => ({
      chainId: m.token.chainId,
      tokenAddress: m.token.address,
      symbol: m.token.symbol,
      balance: { locked: scale(m.locked, m.token.decimals), unlocked: scale(m.unlocked, m.token.decimals) },
    }))
    const balance = tokenChainBalance.reduce(
      (sum, r) => ({ locked: sum.locked + r.balance.locked, unlocked: sum.unlocked + r.balance.unlocked }),
      { locked: 0n, unlocked: 0n },
    )
    return [{ group, tokenName: name, tokenDecimals: decimals, balance, tokenChainBalance }]
  })
}
