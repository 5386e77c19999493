// Where the money is: USD value per chain and per asset, split into locked and unlocked, for the page's charts.
// Tokens can only be added up in USD, so without every price there is no picture.
import { chainIds } from '../../core/chains/chains'
import type { Amounts, TokenRow } from './portfolioRows'

export type ChainValue = { chainId: number; chainName: string; usd: Amounts }

export function valueByChain(rows: readonly TokenRow[]): ChainValue[] | undefined {
  const byChain = new Map<number, ChainValue>()
  for (const row of rows) {
    for (const c of row.chains) {
      if (!c.usd) return undefined
      const seen = byChain.get(c.chainId) ?? {
        chainId: c.chainId,
        chainName: c.chainName,
        usd: { locked: 0n, unlocked: 0n, total: 0n },
      }
      byChain.set(c.chainId, { ...seen, usd: add(seen.usd, c.usd) })
    }
  }
  const order = (id: number) => (chainIds.includes(id as never) ? chainIds.indexOf(id as never) : chainIds.length)
  return [...byChain.values()].sort((a, b) => order(a.chainId) - order(b.chainId))
}

/** The whole portfolio's USD value, or undefined when a price is missing. */
export function totalValue(rows: readonly TokenRow[]): Amounts | undefined {
  let total: Amounts = { locked: 0n, unlocked: 0n, total: 0n }
  for (const row of rows) {
    if (!row.usd) return undefined
    total = add(total, row.usd)
  }
  return total
}

export type AssetValue = { tokenName: string; usd: Amounts }

/** USD value per asset (ETH, USDC, USDT), largest first, or undefined when a price is missing. */
export function valueByAsset(rows: readonly TokenRow[]): AssetValue[] | undefined {
  const values: AssetValue[] = []
  for (const r of rows) {
    if (!r.usd) return undefined
    values.push({ tokenName: r.tokenName, usd: r.usd })
  }
  return values.sort((a, b) => (a.usd.total === b.usd.total ? 0 : a.usd.total > b.usd.total ? -1 : 1))
}

function add(a: Amounts, b: Amounts): Amounts {
  return { locked: a.locked + b.locked, unlocked: a.unlocked + b.unlocked, total: a.total + b.total }
}
