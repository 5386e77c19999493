import { describe, expect, it } from 'vitest'
import { bps, defaultFeeModel, fromUsd8, l1DataFee, pow10, toUsd8 } from './feeModel'

const usd = (answer: bigint, decimals = 8) => ({
  answer,
  decimals,
  updatedAt: 0n,
  usd: Number(answer) / 10 ** decimals,
})

describe('l1DataFee (OP-stack Ecotone)', () => {
  it(
    'is (bytes·16 + 68·16) · (16·baseFeeScalar·l1BaseFee + ' + 'blobBaseFeeScalar·blobBaseFee) / 16e6, rounded down',
    () => {
      const p = { l1BaseFee: 10_000_000_000n, blobBaseFee: 3n, baseFeeScalar: 5227n, blobBaseFeeScalar: 1_014_213n }
      const bytes = 580
      const l1Gas = BigInt(bytes) * 16n + 68n * 16n
      const exact = l1Gas * (16n * 5227n * 10_000_000_000n + 1_014_213n * 3n)
      expect(l1DataFee(p, bytes)).toBe(exact / 16_000_000n)
      expect(l1DataFee(p, bytes) * 16_000_000n).toBeLessThanOrEqual(exact)
    },
  )

  it('grows with calldata and is zero without L1 prices', () => {
    const p = { l1BaseFee: 1_000_000_000n, blobBaseFee: 1n, baseFeeScalar: 1368n, blobBaseFeeScalar: 810_949n }
    expect(l1DataFee(p, 676)).toBeGreaterThan(l1DataFee(p, 580))
    expect(l1DataFee({ l1BaseFee: 0n, blobBaseFee: 0n, baseFeeScalar: 1368n, blobBaseFeeScalar: 810_949n }, 580)).toBe(
      0n,
    )
  })
})

describe('USD conversions', () => {
  it('toUsd8 rounds down: value shown is never more than held', () => {
    // 1 wei at $3,000.12345678: 3.00012345678e-15 USD → 0 in 8 decimals.
    expect(toUsd8(1n, 18, usd(300_012_345_678n))).toBe(0n)
    // 1.5 USDC at $0.99999999 = 1.499999985 → 1.49999998.
    expect(toUsd8(1_500_000n, 6, usd(99_999_999n))).toBe(149_999_998n)
    expect(toUsd8(10n ** 18n, 18, usd(300_000_000_000n))).toBe(300_000_000_000n)
  })

  it('pow10 is 10^n exactly, inside its table and past it', () => {
    for (let n = 0; n <= 100; n++) expect(pow10(n)).toBe(10n ** BigInt(n))
  })

  it('fromUsd8 rounds up: a fee is never undercharged', () => {
    // $0.01 in USDC at $0.99999999 = 0.0100000001 USDC → 10001 base units (not 10000).
    expect(fromUsd8(1_000_000n, 6, usd(99_999_999n))).toBe(10_001n)
    expect(fromUsd8(1_000_000n, 6, usd(100_000_000n))).toBe(10_000n) // exact stays exact
    expect(fromUsd8(1n, 18, usd(300_000_000_000n))).toBe(3_333_334n) // 1e-8 USD at $3000 = 3333333.33… wei → up
    expect(fromUsd8(0n, 6, usd(100_000_000n))).toBe(0n)
  })

  it('round trip: toUsd8(fromUsd8(x)) ≥ x (what is charged covers the USD fee)', () => {
    for (const [x, d, p] of [
      [123_456_789n, 6, 99_987_654n],
      [5n, 18, 312_345_678_901n],
      [999_999n, 6, 100_000_001n],
    ] as const) {
      expect(toUsd8(fromUsd8(x, d, usd(p)), d, usd(p))).toBeGreaterThanOrEqual(x)
    }
  })
})

describe('bps', () => {
  it('rounds up to the next base unit', () => {
    expect(bps(10_000n, 4n)).toBe(4n)
    expect(bps(10_001n, 4n)).toBe(5n)
    expect(bps(1n, 1n)).toBe(1n)
    expect(bps(0n, 4n)).toBe(0n)
    expect(bps(2n ** 256n - 1n, 3n)).toBe(((2n ** 256n - 1n) * 3n + 9_999n) / 10_000n)
  })
})

describe('defaultFeeModel', () => {
  it('carries the protocol fee and the layers’ fees', () => {
    const m = defaultFeeModel(3)
    expect(m.protocolBps).toBe(3n)
    expect(m.bridge.ACROSS).toEqual({ bps: 4n, fixedUsd8: 5_000_000n })
    expect(m.bridge.SAME_CHAIN).toEqual({ bps: 0n, fixedUsd8: 0n })
  })
})
