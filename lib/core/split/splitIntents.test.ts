import { describe, expect, it } from 'vitest'
import { splitIntents } from './splitIntents'

const usdc = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'
const weth = '0x4200000000000000000000000000000000000006'

describe('splitIntents', () => {
  it('is one intent when the liquidity covers every wanted amount', () => {
    expect(
      splitIntents(
        new Map([
          [usdc, 5n],
          [weth, 7n],
        ]),
        new Map([
          [usdc, 5n],
          [weth, 100n],
        ]),
      ),
    ).toEqual({ ok: true, intents: [{ [usdc]: 5n, [weth]: 7n }] })
  })

  it('reports what can be filled and what cannot, exactly', () => {
    expect(
      splitIntents(
        new Map([
          [usdc, 15n],
          [weth, 7n],
        ]),
        new Map([
          [usdc, 10n],
          [weth, 100n],
        ]),
      ),
    ).toEqual({ ok: false, availableIntents: [{ [usdc]: 10n, [weth]: 7n }], unfillable: { [usdc]: 5n } })
    expect(splitIntents(new Map([[usdc, 1n]]), new Map())).toEqual({
      ok: false,
      availableIntents: [],
      unfillable: { [usdc]: 1n },
    })
  })
})
