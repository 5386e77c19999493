// Before the filler fronts a cross-asset fill it values both sides of the intent again at the
// current USD prices (the rule: lib/core/settlement/priceTolerance.ts): what the elements pay it,
// what the fill delivers. The feeds are read on their chain; without a connection to it, or for a
// token outside the list, nothing can be valued and the fill goes ahead as quoted. A feed that is
// stale or answers nothing usable declines the fill (the route could not be quoted now either); a
// node that does not answer is transient.
import type { Address } from 'viem'
import { priceFeeds } from '../core/addresses'
import { ServiceError } from '../core/errors'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { decodeLockId } from '../core/locks/lockId'
import { readUsdPrices } from '../core/prices/readUsdPrices'
import { crossAsset, type Leg, priceMovedBeyondTolerance } from '../core/settlement/priceTolerance'
import { findTokenByAddress } from '../core/tokens/tokens'
import type { FillerChain } from '../worker/fillerChains'
import type { SettlementPlan } from './settlementCalls'

/** The feeds' age limit, as the API's default (PRICE_MAX_AGE_SECONDS). */
const PRICE_MAX_AGE_SECONDS = 90_000

function leg(chainId: number, token: Address, amount: bigint): Leg | undefined {
  const info = findTokenByAddress(chainId, token)
  return info ? { group: info.extensions.group, amount, decimals: info.decimals } : undefined
}

/** Why the filler declines this fill at current prices, or undefined. */
export async function priceMoved(
  intentOp: WireIntentOp,
  plan: SettlementPlan,
  chains: Map<number, FillerChain>,
): Promise<string | undefined> {
  const paid = intentOp.elements.flatMap((e) =>
    e.idsAndAmounts.map(([id, amount]) => leg(Number(e.chainId), decodeLockId(BigInt(id)).token, BigInt(amount))),
  )
  const delivered = plan.fill.delivered.map((t) => leg(plan.fill.chainId, t.token, t.amount))
  const known = (legs: (Leg | undefined)[]): legs is Leg[] => legs.every((l) => l !== undefined)
  if (!known(paid) || !known(delivered) || !crossAsset(paid, delivered)) return undefined
  const chain = chains.get(priceFeeds.chainId)
  if (!chain) return undefined
  const reader = { chainId: chain.chainId, client: chain.client }
  try {
    const prices = await readUsdPrices({ reader, feeds: priceFeeds.feeds, maxAgeSeconds: PRICE_MAX_AGE_SECONDS })
    return priceMovedBeyondTolerance(paid, delivered, prices)
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'PRICE_UNAVAILABLE')
      return `no current price to value the fill by (${error.message})`
    throw error
  }
}
