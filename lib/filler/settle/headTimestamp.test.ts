import type { PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { headTimestamp, MAX_JOIN_MS } from './headTimestamp'

type Pending = { resolve: (block: { timestamp: bigint }) => void; reject: (error: Error) => void }

/** A client whose getBlock reads are answered (or failed) only when the test says so: `read(i)`
 * is the i-th read sent; `now` is a clock the test moves with `advance`. */
function slowClient() {
  let clock = 1_000
  const sent: Pending[] = []
  const asked: unknown[] = []
  const client = {
    getBlock: (args: unknown) => {
      asked.push(args)
      return new Promise((resolve, reject) => sent.push({ resolve, reject }))
    },
  } as unknown as PublicClient
  const read = (i: number) => {
    const pending = sent[i]
    if (!pending) throw new Error(`read ${i} of the head was never sent`)
    return {
      answer: (timestamp: bigint) => pending.resolve({ timestamp }),
      fail: (message: string) => pending.reject(new Error(message)),
    }
  }
  const advance = (ms: number) => {
    clock += ms
  }
  return { client, asked, read, now: () => clock, advance }
}

describe('headTimestamp', () => {
  it('has passes asking while a read is under way join it', async () => {
    const node = slowClient()
    const reads = [headTimestamp(node.client), headTimestamp(node.client), headTimestamp(node.client)]
    node.read(0).answer(100n)
    expect(await Promise.all(reads)).toEqual([100n, 100n, 100n])
    expect(node.asked).toEqual([{ blockTag: 'latest' }])
  })

  it('keeps nothing once answered: the next pass reads the head again', async () => {
    const node = slowClient()
    const first = headTimestamp(node.client)
    node.read(0).answer(100n)
    expect(await first).toBe(100n)
    const second = headTimestamp(node.client)
    node.read(1).answer(112n)
    expect(await second).toBe(112n)
    expect(node.asked).toHaveLength(2)
  })

  it('does not join a read out for MAX_JOIN_MS: a slow read holds only those that joined it', async () => {
    const node = slowClient()
    const early = headTimestamp(node.client, node.now)
    node.advance(MAX_JOIN_MS - 1)
    const joined = headTimestamp(node.client, node.now)
    node.advance(1)
    const fresh = headTimestamp(node.client, node.now)
    expect(node.asked).toHaveLength(2)
    // The fresh read answers while the slow one is still out.
    node.read(1).answer(120n)
    expect(await fresh).toBe(120n)
    node.read(0).answer(100n)
    expect(await Promise.all([early, joined])).toEqual([100n, 100n])
  })

  it('a slow read answering late does not forget a newer read under way', async () => {
    const node = slowClient()
    const slow = headTimestamp(node.client, node.now)
    node.advance(MAX_JOIN_MS)
    const newer = headTimestamp(node.client, node.now)
    node.read(0).answer(100n)
    expect(await slow).toBe(100n)
    const joiner = headTimestamp(node.client, node.now)
    expect(node.asked).toHaveLength(2)
    node.read(1).answer(130n)
    expect(await Promise.all([newer, joiner])).toEqual([130n, 130n])
  })

  it('fails everyone who joined a failed read, then reads again', async () => {
    const node = slowClient()
    const reads = [headTimestamp(node.client), headTimestamp(node.client)]
    node.read(0).fail('node down')
    for (const read of reads) await expect(read).rejects.toThrow('node down')
    const again = headTimestamp(node.client)
    node.read(1).answer(9n)
    expect(await again).toBe(9n)
    expect(node.asked).toHaveLength(2)
  })

  it('reads each chain on its own', async () => {
    const a = slowClient()
    const b = slowClient()
    const fromA = headTimestamp(a.client)
    const fromB = headTimestamp(b.client)
    expect([a.asked.length, b.asked.length]).toEqual([1, 1])
    b.read(0).answer(7n)
    a.read(0).answer(5n)
    expect([await fromA, await fromB]).toEqual([5n, 7n])
  })
})
