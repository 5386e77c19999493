import { describe, expect, it } from 'vitest'
import {
  balanceChanges,
  baselineOf,
  baselineStorageKey,
  changedChains,
  holdingKey,
  parseBaseline,
  signedDelta,
} from './balanceChanges'
import type { TokenRow } from './portfolioRows'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const amounts = (unlocked: bigint, locked = 0n) => ({ unlocked, locked, total: unlocked + locked })
const chain = (chainId: number, tokenSymbol: string, unlocked: bigint, locked = 0n) => ({
  chainId,
  chainName: String(chainId),
  tokenAddress: '0x0',
  tokenSymbol,
  native: false,
  amounts: amounts(unlocked, locked),
})
const usdcRow = (chains: ReturnType<typeof chain>[]): TokenRow => ({
  tokenName: 'USDC',
  decimals: 6,
  amounts: amounts(0n),
  chains,
})

const before = [
  usdcRow([
    chain(8453, 'USDC', 1_250_500_000n),
    chain(10, 'USDC', 0n, 500_000_000n),
    chain(42161, 'USDC', 800_000_000n),
  ]),
]
const baseline = baselineOf(before, { account, nonce: '7', takenAt: 1_700_000_000_000 })

describe('balanceChanges', () => {
  it('nothing moved: no change', () => {
    expect(balanceChanges(baseline, before).size).toBe(0)
  })

  it('a route drew on Base and delivered on Arbitrum One: both holdings changed, with signed deltas', () => {
    const after = [
      usdcRow([
        chain(8453, 'USDC', 249_010_514n),
        chain(10, 'USDC', 0n, 500_000_000n),
        chain(42161, 'USDC', 1_800_000_000n),
      ]),
    ]
    const changes = balanceChanges(baseline, after)
    expect([...changes.keys()].sort()).toEqual(['42161:USDC', '8453:USDC'])
    expect(changes.get(holdingKey(8453, 'USDC'))).toEqual({
      unlocked: -1_001_489_486n,
      locked: 0n,
      total: -1_001_489_486n,
    })
    expect(changes.get(holdingKey(42161, 'USDC'))!.total).toBe(1_000_000_000n)
    expect([...changedChains(changes)].sort((a, b) => a - b)).toEqual([8453, 42161])
  })

  it('locked funds drawn count as a change of the locked side', () => {
    const after = [
      usdcRow([
        chain(8453, 'USDC', 1_250_500_000n),
        chain(10, 'USDC', 0n, 399_000_000n),
        chain(42161, 'USDC', 800_000_000n),
      ]),
    ]
    expect(balanceChanges(baseline, after).get('10:USDC')).toEqual({
      unlocked: 0n,
      locked: -101_000_000n,
      total: -101_000_000n,
    })
  })

  it('a holding the baseline did not have held nothing then', () => {
    const after = [usdcRow([...before[0]!.chains, chain(1, 'USDC', 5_000_000n)])]
    expect(balanceChanges(baseline, after).get('1:USDC')!.total).toBe(5_000_000n)
  })
})

describe('signedDelta', () => {
  it('writes the sign, a true minus for a decrease', () => {
    expect(signedDelta(5n, String)).toBe('+5')
    expect(signedDelta(-5n, String)).toBe('−5')
  })
})

describe('parseBaseline', () => {
  it('reads back what was stored, for the same account in any case', () => {
    expect(parseBaseline(JSON.stringify(baseline), account.toUpperCase().replace('0X', '0x'))).toEqual(baseline)
    expect(baselineStorageKey(account)).toBe(baselineStorageKey(account.toLowerCase()))
  })

  it('nothing, malformed JSON, a wrong shape or another account’s baseline: none', () => {
    expect(parseBaseline(null, account)).toBeUndefined()
    expect(parseBaseline('{', account)).toBeUndefined()
    expect(
      parseBaseline(JSON.stringify({ ...baseline, balances: { '1:USDC': { unlocked: '-1', locked: '0' } } }), account),
    ).toBeUndefined()
    expect(parseBaseline(JSON.stringify(baseline), '0x00000000000000000000000000000000000bEEf1')).toBeUndefined()
  })

  it('refuses a stored value of another shape, and keeps only the fields it knows', () => {
    const stored = (value: unknown) => parseBaseline(JSON.stringify(value), account)
    expect(stored([baseline])).toBeUndefined()
    expect(stored({ ...baseline, nonce: 7 })).toBeUndefined()
    expect(stored({ ...baseline, takenAt: '1' })).toBeUndefined()
    expect(stored({ ...baseline, balances: [] })).toBeUndefined()
    expect(stored({ ...baseline, balances: { '1:USDC': { unlocked: '1' } } })).toBeUndefined()
    expect(stored({ ...baseline, balances: { '1:USDC': { unlocked: 1, locked: '0' } } })).toBeUndefined()
    expect(stored({ ...baseline, extra: true, balances: { '1:USDC': { unlocked: '1', locked: '0', x: 1 } } })).toEqual({
      ...baseline,
      balances: { '1:USDC': { unlocked: '1', locked: '0' } },
    })
  })
})
