// No free options. A route is quoted at the prices of its quote and stays signable for minutes, so
// before it fronts a fill the filler values both sides of the intent again at the current USD
// prices: what it is paid (every element's tokens, escrowed or locked) against what it delivers
// (tokenOut). It fills while what it is paid is worth at least what it delivers less
// PRICE_TOLERANCE_BPS of it: the filler bears price moves that eat its fee and up to the tolerance;
// beyond that it declines, and the intent fails before the fill (nothing taken, or the escrow
// returned). When both sides are one asset group (USDC for USDC, ETH for ETH) prices cannot move
// one against the other, and nothing is read.
import type { UsdPrices } from '../prices/readUsdPrices'
import type { TokenGroup } from '../tokens/tokenList'

/** 1 %: how far below what it delivers the filler lets what it is paid fall before it declines. */
export const PRICE_TOLERANCE_BPS = 100n

export type Leg = { group: TokenGroup; amount: bigint; decimals: number }

/** Whether the two sides hold more than one asset group between them. */
export function crossAsset(paid: readonly Leg[], delivered: readonly Leg[]): boolean {
  return new Set([...paid, ...delivered].map((l) => l.group)).size > 1
}

/** USD value with 18 decimals, exact but for the final division. */
function usd18(legs: readonly Leg[], prices: UsdPrices): bigint {
  let total = 0n
  for (const leg of legs) {
    const price = prices[leg.group]
    total += (leg.amount * price.answer * 10n ** 18n) / 10n ** BigInt(leg.decimals + price.decimals)
  }
  return total
}

const dollars = (v: bigint) => `$${(Number(v / 10n ** 12n) / 1e6).toFixed(2)}`

/** Why the filler declines at these prices, or undefined when it fills. */
export function priceMovedBeyondTolerance(
  paid: readonly Leg[],
  delivered: readonly Leg[],
  prices: UsdPrices,
): string | undefined {
  if (!crossAsset(paid, delivered)) return undefined
  const paidUsd = usd18(paid, prices)
  const deliveredUsd = usd18(delivered, prices)
  if (paidUsd * 10_000n >= deliveredUsd * (10_000n - PRICE_TOLERANCE_BPS)) return undefined
  const tolerance = `${Number(PRICE_TOLERANCE_BPS) / 100} %`
  return (
    `prices moved since the quote: at current prices the route pays the filler ${dollars(paidUsd)} for ` +
    `${dollars(deliveredUsd)} delivered, beyond the ${tolerance} tolerance`
  )
}
