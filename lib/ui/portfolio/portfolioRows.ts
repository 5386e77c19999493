// The portfolio response as the rows the page shows: amounts as bigint, per-chain rows named after
// their chain and token, and USD values where a price is known. Formatting is left to the view.
import type { PortfolioResponse } from '../../api/portfolio'
import type { PricesResponse } from '../../api/prices'
import { getChain } from '../../core/chains/chains'
import { findTokenByAddress } from '../../core/tokens/tokens'
import { shortAddress } from '../shared/formatAddress'
import { type UsdPrice, usdCents } from '../shared/usdValue'

export type Amounts = { locked: bigint; unlocked: bigint; total: bigint }

export type ChainRow = {
  chainId: number
  chainName: string
  tokenAddress: string
  tokenSymbol: string
  native: boolean
  amounts: Amounts
  /** In cents; absent without a price. */
  usd?: Amounts
}

export type TokenRow = { tokenName: string; decimals: number; amounts: Amounts; usd?: Amounts; chains: ChainRow[] }

/** The feed answers by token name (ETH, USDC, USDT), as exact bigints. */
export function usdPriceMap(prices: PricesResponse | undefined): Partial<Record<string, UsdPrice>> {
  return Object.fromEntries(
    Object.entries(prices?.prices ?? {}).map(([name, p]) => [name, { answer: BigInt(p.answer), decimals: p.decimals }]),
  )
}

export function portfolioRows(response: PortfolioResponse, prices: Partial<Record<string, UsdPrice>> = {}): TokenRow[] {
  return response.portfolio.map((entry) => {
    const price = prices[entry.tokenName]
    const value = (a: Amounts): Amounts | undefined => {
      if (!price) return undefined
      const locked = usdCents(a.locked, entry.tokenDecimals, price)
      const unlocked = usdCents(a.unlocked, entry.tokenDecimals, price)
      return { locked, unlocked, total: locked + unlocked }
    }
    const chains = entry.tokenChainBalance.map((c): ChainRow => {
      const amounts = toAmounts(c.balance)
      const token = findTokenByAddress(c.chainId, c.tokenAddress)
      const usd = value(amounts)
      return {
        chainId: c.chainId,
        chainName: getChain(c.chainId)?.name ?? `Chain ${c.chainId}`,
        tokenAddress: c.tokenAddress,
        tokenSymbol: token?.symbol ?? shortAddress(c.tokenAddress),
        native: token?.extensions.native === true,
        amounts,
        ...(usd ? { usd } : {}),
      }
    })
    const amounts = toAmounts(entry.balance)
    const usd = value(amounts)
    return { tokenName: entry.tokenName, decimals: entry.tokenDecimals, amounts, ...(usd ? { usd } : {}), chains }
  })
}

function toAmounts(balance: { locked: string; unlocked: string }): Amounts {
  const locked = BigInt(balance.locked)
  const unlocked = BigInt(balance.unlocked)
  return { locked, unlocked, total: locked + unlocked }
}

/** How many chains hold some of this token (a chain read with a 0 balance does not count). */
export function heldChainCount(row: TokenRow): number {
  return new Set(row.chains.filter((c) => c.amounts.total > 0n).map((c) => c.chainId)).size
}

/** True when the account holds nothing at all: the page says so instead of rows of zeros. */
export function holdsNothing(rows: readonly TokenRow[]): boolean {
  return rows.every((r) => r.amounts.total === 0n)
}
