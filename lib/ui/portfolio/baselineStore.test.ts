import { describe, expect, it, vi } from 'vitest'
import { type BalanceBaseline, parseBaseline } from './balanceChanges'
import { createBaselineStore } from './baselineStore'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const baseline: BalanceBaseline = {
  account: account.toLowerCase(),
  nonce: '1',
  takenAt: 1,
  balances: { '8453:USDC': { unlocked: '10', locked: '0' } },
}

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  }
}

describe('the baseline store', () => {
  it('keeps one baseline per account, tells its subscribers, and clears it', () => {
    const store = createBaselineStore(memoryStorage)
    const listener = vi.fn()
    store.subscribe(listener)
    store.set(baseline)
    expect(parseBaseline(store.get(account), account)).toEqual(baseline)
    expect(store.get('0x00000000000000000000000000000000000bEEf1')).toBeNull()
    store.clear(account)
    expect(store.get(account)).toBeNull()
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('storage that refuses: kept in memory', () => {
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      getItem: () => {
        throw new Error('SecurityError')
      },
    } as Storage
    const store = createBaselineStore(() => refusing)
    store.set(baseline)
    expect(parseBaseline(store.get(account), account)).toEqual(baseline)
  })
})
