import type { PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { headTimestamp } from './headTimestamp'

/** A client whose getBlock answers only when told to, with the timestamp given then. */
function slowClient() {
  const pending: ((timestamp: bigint) => void)[] = []
  const asked: unknown[] = []
  const client = {
    getBlock: (args: unknown) => {
      asked.push(args)
      return new Promise((resolve) => pending.push((timestamp) => resolve({ timestamp })))
    },
  } as unknown as PublicClient
  return { client, asked, answer: (timestamp: bigint) => pending.shift()?.(timestamp) }
}

describe('headTimestamp', () => {
  it('has passes asking while a read is under way join it', async () => {
    const node = slowClient()
    const reads = [headTimestamp(node.client), headTimestamp(node.client), headTimestamp(node.client)]
    node.answer(100n)
    expect(await Promise.all(reads)).toEqual([100n, 100n, 100n])
    expect(node.asked).toEqual([{ blockTag: 'latest' }])
  })

  it('keeps nothing once answered: the next pass reads the head again', async () => {
    const node = slowClient()
    const first = headTimestamp(node.client)
    node.answer(100n)
    expect(await first).toBe(100n)
    const second = headTimestamp(node.client)
    node.answer(112n)
    expect(await second).toBe(112n)
    expect(node.asked).toHaveLength(2)
  })

  it('reads each chain on its own, and a failed read fails only those that joined it', async () => {
    const a = slowClient()
    const b = slowClient()
    const fromA = headTimestamp(a.client)
    const fromB = headTimestamp(b.client)
    b.answer(7n)
    a.answer(5n)
    expect([await fromA, await fromB]).toEqual([5n, 7n])

    const failing = { getBlock: () => Promise.reject(new Error('node down')) } as unknown as PublicClient
    await expect(headTimestamp(failing)).rejects.toThrow('node down')
    const node = slowClient()
    Object.assign(failing, { getBlock: node.client.getBlock })
    const again = headTimestamp(failing)
    node.answer(9n)
    expect(await again).toBe(9n)
  })
})
