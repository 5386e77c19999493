// The finality watch with a chain and a store of plain objects: it reads only new COMPLETED
// transitions from its cursor, looks each transaction up once, all of a chain's again after a
// re-org, reopens what a re-org dropped, and forgets intents after FINALITY_WATCH_SECONDS. A refund
// mined as a revert because its escrow was already refunded is done by another party, not dropped.
import { type Hex, TransactionReceiptNotFoundError } from 'viem'
import { describe, expect, it } from 'vitest'
import type { SettledJournal } from '../storage/journalStore'
import type { FillerChain } from '../worker/fillerChains'
import { CURSOR_OVERLAP_MS, FINALITY_WATCH_SECONDS, type FinalityStore, FinalityWatch } from './finalityWatch'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

/** A chain whose head and mined transactions the test sets. */
function fakeChain(chainId: number) {
  const state = { head: 1n, forkTag: 0, mined: new Set<Hex>(), reverted: new Set<Hex>(), receiptLookups: 0, refills: 0 }
  const blockHash = (n: bigint) => hash(Number(n) * 1_000 + state.forkTag)
  const client = {
    getBlock: async (a: { blockTag?: string; blockNumber?: bigint }) => {
      const number = a.blockNumber ?? state.head
      if (number > state.head) throw new Error('no such block')
      return { number, hash: blockHash(number) }
    },
    getTransactionReceipt: async ({ hash: h }: { hash: Hex }) => {
      state.receiptLookups++
      if (state.reverted.has(h)) return { transactionHash: h, status: 'reverted' }
      if (!state.mined.has(h)) throw new TransactionReceiptNotFoundError({ hash: h })
      return { transactionHash: h, status: 'success' }
    },
  }
  const refillNonces = async () => {
    state.refills++
    return { resent: 0, filled: 0 }
  }
  return { state, chain: { chainId, client, refillNonces } as unknown as FillerChain }
}

/** A store holding COMPLETED intents with the time they became so. */
function fakeStore(clock: () => number) {
  const completed = new Map<string, SettledJournal>()
  const asked: (Date | undefined)[] = []
  const reopened: { nonce: string; steps: string[] }[] = []
  /** Intents whose escrows are refunded on chain (by anyone), and what the store was asked. */
  const refunded = new Set<string>()
  const askedRefunded: { nonce: string; steps: string[] }[] = []
  const store: FinalityStore = {
    refundedByOthers: async (nonce, reverted) => {
      askedRefunded.push({ nonce, steps: reverted.map((r) => r.step) })
      return refunded.has(nonce) ? reverted.map((r) => r.step) : []
    },
    settledSince: async (since, seconds) => {
      asked.push(since)
      const from = since ? since.getTime() : clock() - seconds * 1_000
      return [...completed.values()]
        .filter((c) => c.settledAt.getTime() > from)
        .map((c) => ({ ...c, ageSeconds: (clock() - c.settledAt.getTime()) / 1_000 }))
    },
    reopen: async (nonce, steps) => {
      if (!completed.delete(nonce)) return undefined
      reopened.push({ nonce, steps: [...steps].sort() })
      return 'FILLED'
    },
  }
  const complete = (nonce: string, entries: { step: string; chainId: number; hash: Hex }[]) =>
    completed.set(nonce, {
      nonce,
      settledAt: new Date(clock()),
      ageSeconds: 0,
      entries: entries.map((e) => ({ ...e, raw: '0x01' as Hex })),
    })
  return { store, asked, reopened, complete, refunded, askedRefunded }
}

function setup() {
  let now = 1_800_000_000_000
  const clock = () => now
  const a = fakeChain(10)
  const b = fakeChain(8453)
  const s = fakeStore(clock)
  const logs: Record<string, unknown>[] = []
  const watch = new FinalityWatch(
    s.store,
    new Map([
      [10, a.chain],
      [8453, b.chain],
    ]),
    (_, fields) => logs.push(fields),
    clock,
  )
  return { watch, a, b, s, logs, advance: (ms: number) => (now += ms) }
}

describe('FinalityWatch', () => {
  it('reads new COMPLETED transitions from its cursor and looks each transaction up once', async () => {
    const { watch, a, b, s, advance } = setup()
    a.state.mined.add(hash(1))
    b.state.mined.add(hash(2))
    s.complete('1', [
      { step: 'claim:0', chainId: 10, hash: hash(1) },
      { step: 'fill', chainId: 8453, hash: hash(2) },
    ])
    expect(await watch.check()).toEqual([])
    expect(s.asked[0]).toBeUndefined() // the first read covers the whole watch window
    expect([a.state.receiptLookups, b.state.receiptLookups]).toEqual([1, 1])
    advance(500)
    expect(await watch.check()).toEqual([])
    // The next reads start from the last COMPLETED time seen (less the overlap, far short of the
    // whole window), and what was looked up is not looked up again while no chain re-orgs.
    expect(s.asked[1]!.getTime()).toBe(1_800_000_000_000 - CURSOR_OVERLAP_MS)
    expect(CURSOR_OVERLAP_MS).toBeLessThan((FINALITY_WATCH_SECONDS * 1_000) / 10)
    expect([a.state.receiptLookups, b.state.receiptLookups]).toEqual([1, 1])
    expect(watch.size).toBe(1)
  })

  it('reopens an intent whose step was rolled back between two looks at an unchanged head', async () => {
    const { watch, a, s, logs } = setup()
    await watch.check() // the head is seen before the step is mined and rolled back
    s.complete('7', [{ step: 'claim:0', chainId: 10, hash: hash(7) }]) // never found on chain
    expect(await watch.check()).toEqual(['7'])
    expect(s.reopened).toEqual([{ nonce: '7', steps: ['claim:0'] }])
    expect(logs[0]).toMatchObject({ id: '7', chainId: 10, steps: ['claim:0'], status: 'FILLED' })
    expect(watch.size).toBe(0)
    expect(a.state.head).toBe(1n)
  })

  it('looks every watched transaction of a chain up again when it re-orgs, and only that chain', async () => {
    const { watch, a, b, s } = setup()
    a.state.mined.add(hash(1))
    a.state.mined.add(hash(3))
    b.state.mined.add(hash(2))
    s.complete('1', [
      { step: 'claim:0', chainId: 10, hash: hash(1) },
      { step: 'fill', chainId: 8453, hash: hash(2) },
    ])
    s.complete('3', [{ step: 'claim:0', chainId: 10, hash: hash(3) }])
    await watch.check()
    expect([a.state.receiptLookups, b.state.receiptLookups]).toEqual([2, 1])
    // Chain 10's head block is replaced (same height, another hash) and intent 1's claim is gone.
    a.state.forkTag = 1
    a.state.mined.delete(hash(1))
    expect(await watch.check()).toEqual(['1'])
    expect([a.state.receiptLookups, b.state.receiptLookups]).toEqual([4, 1])
    // The filler's dropped transactions on the re-orged chain (of any intent) go out again in nonce order.
    expect([a.state.refills, b.state.refills]).toEqual([1, 0])
    expect(s.reopened).toEqual([{ nonce: '1', steps: ['claim:0'] }])
    expect(watch.size).toBe(1)
  })

  it('watches a reopened intent again once it is COMPLETED again', async () => {
    const { watch, a, s, advance } = setup()
    s.complete('5', [{ step: 'claim:0', chainId: 10, hash: hash(5) }])
    expect(await watch.check()).toEqual(['5'])
    advance(1_000)
    a.state.mined.add(hash(6))
    s.complete('5', [{ step: 'claim:0', chainId: 10, hash: hash(6) }]) // signed anew and mined
    expect(await watch.check()).toEqual([])
    expect(watch.size).toBe(1)
    expect(a.state.receiptLookups).toBe(2)
  })

  it('forgets an intent FINALITY_WATCH_SECONDS after it became COMPLETED', async () => {
    const { watch, a, s, advance } = setup()
    a.state.mined.add(hash(1))
    s.complete('1', [{ step: 'claim:0', chainId: 10, hash: hash(1) }])
    await watch.check()
    advance(FINALITY_WATCH_SECONDS * 1_000 - 1_000)
    await watch.check()
    expect(watch.size).toBe(1)
    advance(2_000)
    await watch.check()
    expect(watch.size).toBe(0)
    // A re-org now looks nothing up: the intent is final.
    a.state.forkTag = 2
    a.state.mined.delete(hash(1))
    const lookups = a.state.receiptLookups
    expect(await watch.check()).toEqual([])
    expect(a.state.receiptLookups).toBe(lookups)
  })

  it(
    'a refund mined as a revert because its escrow was already refunded ' +
      'is done by another party: not reopened, not looked up again',
    async () => {
      const { watch, a, s, logs } = setup()
      a.state.reverted.add(hash(9))
      s.refunded.add('9')
      s.complete('9', [{ step: 'refund:0:return', chainId: 10, hash: hash(9) }])
      expect(await watch.check()).toEqual([])
      expect(s.reopened).toEqual([])
      expect(s.askedRefunded).toEqual([{ nonce: '9', steps: ['refund:0:return'] }])
      expect(logs).toEqual([{ id: '9', chainId: 10, step: 'refund:0:return', tx: hash(9) }])
      expect(watch.size).toBe(1)
      const lookups = a.state.receiptLookups
      expect(await watch.check()).toEqual([])
      expect(a.state.receiptLookups).toBe(lookups)
      expect(s.askedRefunded).toHaveLength(1)
    },
  )

  it(
    'a refund mined as a revert while its escrow is not ' +
      'refunded, or any other step mined as a revert, is reopened',
    async () => {
      const { watch, a, s } = setup()
      a.state.reverted.add(hash(10))
      a.state.reverted.add(hash(11))
      s.complete('10', [{ step: 'refund:0', chainId: 10, hash: hash(10) }])
      s.complete('11', [{ step: 'fill', chainId: 10, hash: hash(11) }])
      expect((await watch.check()).sort()).toEqual(['10', '11'])
      expect(s.askedRefunded).toEqual([{ nonce: '10', steps: ['refund:0'] }])
      expect(s.reopened.sort((x, y) => x.nonce.localeCompare(y.nonce))).toEqual([
        { nonce: '10', steps: ['refund:0'] },
        { nonce: '11', steps: ['fill'] },
      ])
    },
  )
})
