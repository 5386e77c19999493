import { describe, expect, it } from 'vitest'
import type { ChainReader } from '../../chainState/multicallRound'
import { createTtlCache } from '../../chainState/ttlCache'
import type { ReadRouteStateParameters, RouteState } from './readRouteState'
import { type StateSource, sharedReads } from './stateSource'

const reader = (chainId: number) => ({ chainId }) as ChainReader
const params = (account: `0x${string}`, chains = [1, 8453]): ReadRouteStateParameters => ({
  readers: chains.map(reader),
  account,
  recipient: account,
  destinationChainId: 8453,
  groups: ['USDC'],
  lockTags: [],
  oftQuoteAmount: 1_000_000n,
  nonceChains: [],
  recipientNonceChains: [],
  executorChains: [],
  prices: { chainId: 1, feeds: {} as ReadRouteStateParameters['prices']['feeds'], maxAgeSeconds: 60 },
})

function countingSource(): { source: StateSource; calls: () => number; release: () => void } {
  let calls = 0
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const source: StateSource = async () => {
    calls++
    await gate
    return { chains: new Map(), prices: {} as RouteState['prices'], warnings: [] }
  }
  return { source, calls: () => calls, release }
}

describe('sharedReads', () => {
  it('lets identical concurrent reads share one, and keeps nothing after', async () => {
    const { source, calls, release } = countingSource()
    const shared = sharedReads(source, createTtlCache())
    const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const both = Promise.all([shared(params(a)), shared(params(a))])
    release()
    const [first, second] = await both
    expect(calls()).toBe(1)
    expect(first).toBe(second)
    await shared(params(a))
    expect(calls()).toBe(2)
  })

  it('reads again for another account or another set of chains', async () => {
    const { source, calls, release } = countingSource()
    const shared = sharedReads(source, createTtlCache())
    release()
    await Promise.all([
      shared(params('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')),
      shared(params('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')),
      shared(params('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', [1, 10, 8453])),
    ])
    expect(calls()).toBe(3)
  })
})
