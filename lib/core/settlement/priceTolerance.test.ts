import { describe, expect, it } from 'vitest'
import type { UsdPrices } from '../prices/readUsdPrices'
import { crossAsset, type Leg, PRICE_TOLERANCE_BPS, priceMovedBeyondTolerance } from './priceTolerance'

const price = (usd: number) => ({ answer: BigInt(Math.round(usd * 1e8)), decimals: 8, updatedAt: 0n, usd })
const prices = (eth: number, usdc = 1): UsdPrices => ({ ETH: price(eth), USDC: price(usdc), USDT: price(1) })
const usdc = (v: number): Leg => ({ group: 'USDC', amount: BigInt(Math.round(v * 1e6)), decimals: 6 })
const eth = (v: number): Leg => ({ group: 'ETH', amount: BigInt(Math.round(v * 1e6)) * 10n ** 12n, decimals: 18 })

describe('priceMovedBeyondTolerance', () => {
  it('reads nothing for one asset group on both sides', () => {
    expect(crossAsset([usdc(10), usdc(1)], [usdc(10.9)])).toBe(false)
    // Even a route that pays less than it delivers: that is the fee model's business, not a price move.
    expect(priceMovedBeyondTolerance([usdc(1)], [usdc(10)], prices(3000))).toBeUndefined()
  })

  it('fills while what it is paid covers what it delivers, less the tolerance', () => {
    // 1 ETH paid for 3,000 USDC delivered, quoted at $3,030.
    expect(priceMovedBeyondTolerance([eth(1)], [usdc(3000)], prices(3030))).toBeUndefined()
    // ETH fell 1.5 %: the filler still covers it (its fee and 1 % of tolerance).
    expect(priceMovedBeyondTolerance([eth(1)], [usdc(3000)], prices(2984.55))).toBeUndefined()
    // Exactly at the edge: paid = delivered × (1 − tolerance).
    const edge = 3000 * (1 - Number(PRICE_TOLERANCE_BPS) / 10_000)
    expect(priceMovedBeyondTolerance([eth(1)], [usdc(3000)], prices(edge))).toBeUndefined()
  })

  it('declines past the tolerance, naming both values', () => {
    const reason = priceMovedBeyondTolerance([eth(1)], [usdc(3000)], prices(2900))
    expect(reason).toMatch(/pays the filler \$2900\.00 for \$3000\.00 delivered, beyond the 1 % tolerance/)
  })

  it('values every leg on both sides: a fee in another asset counts', () => {
    // 1 ETH delivered for 1 ETH and a $5 USDC fee: a fall of ETH cannot make the filler lose.
    expect(priceMovedBeyondTolerance([eth(1), usdc(5)], [eth(1)], prices(100))).toBeUndefined()
    // A USDC depeg to 0 leaves the ETH leg whole: still within.
    expect(priceMovedBeyondTolerance([eth(1), usdc(5)], [eth(1)], prices(3000, 0.000001))).toBeUndefined()
  })
})
