// The portfolio chain first: what the account holds on each chain, with the chain's USD total,
// each token on its own row (WETH apart from ETH), rows holding nothing left out unless asked for,
// and amounts to sensible decimals (cents for stablecoins, six digits for ether).
import { formatAmount } from '../shared/formatAmount'
import type { Amounts, TokenRow } from './portfolioRows'

export type ChainHolding = {
  tokenSymbol: string
  asset: string
  decimals: number
  native: boolean
  amounts: Amounts
  usd?: Amounts
}
export type ChainGroup = { chainId: number; chainName: string; usdCents: bigint | undefined; holdings: ChainHolding[] }

export function chainView(
  rows: readonly TokenRow[],
  { showEmpty = false }: { showEmpty?: boolean } = {},
): ChainGroup[] {
  const groups = new Map<number, ChainGroup>()
  for (const row of rows) {
    for (const c of row.chains) {
      if (!showEmpty && c.amounts.total === 0n) continue
      const group = groups.get(c.chainId) ?? { chainId: c.chainId, chainName: c.chainName, usdCents: 0n, holdings: [] }
      group.holdings.push({
        tokenSymbol: c.tokenSymbol,
        asset: row.tokenName,
        decimals: row.decimals,
        native: c.native,
        amounts: c.amounts,
        ...(c.usd ? { usd: c.usd } : {}),
      })
      group.usdCents =
        group.usdCents === undefined || c.usd === undefined
          ? c.amounts.total === 0n
            ? group.usdCents
            : undefined
          : group.usdCents + c.usd.total
      groups.set(c.chainId, group)
    }
  }
  for (const g of groups.values()) g.holdings.sort((a, b) => Number((b.usd?.total ?? 0n) - (a.usd?.total ?? 0n)))
  return [...groups.values()].sort((a, b) => Number((b.usdCents ?? 0n) - (a.usdCents ?? 0n)) || a.chainId - b.chainId)
}

/** Stablecoins to the cent, ether to six digits: what a person reads, not every base unit. */
export function displayAmount(amount: bigint, decimals: number, asset: string): string {
  return formatAmount(amount, decimals, { maxFractionDigits: asset === 'ETH' ? 6 : 2 })
}
