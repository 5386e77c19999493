import { describe, expect, it } from 'vitest'
import type { FillerChain } from '../worker/fillerChains'
import { LOOKBACK_BLOCKS, lookbackBlocks, recentEvent } from './recentEvent'

const head = { number: 10_000_000n, timestamp: 1_800_000_000n }
const query = { address: '0x0000000000000000000000000000000000000001', abi: [], eventName: 'X' } as never

/** A chain whose logs hold one event at `at` (or none), recording the ranges asked for. */
function fakeChain(chainId: number, at?: bigint) {
  const ranges: [bigint, bigint][] = []
  const chain = {
    chainId,
    client: {
      getBlock: async () => head,
      getContractEvents: async ({ fromBlock, toBlock }: { fromBlock: bigint; toBlock: bigint }) => {
        ranges.push([fromBlock, toBlock])
        return at !== undefined && at >= fromBlock && at <= toBlock ? [{ blockNumber: at }] : []
      },
    },
  } as unknown as FillerChain
  return { chain, ranges }
}

describe('recentEvent: an event since a moment, however long the filler was away', () => {
  it('looks back twice the blocks of the time elapsed at the chain’s block time, at least LOOKBACK_BLOCKS', () => {
    // Arbitrum (250 ms): five hours are 72,000 blocks; twice that is looked at.
    expect(lookbackBlocks(42161, head, head.timestamp - 5n * 3600n)).toBe(144_001n)
    expect(lookbackBlocks(42161, head, head.timestamp - 60n)).toBe(LOOKBACK_BLOCKS)
    expect(lookbackBlocks(1, head, head.timestamp + 10n)).toBe(LOOKBACK_BLOCKS) // a clock ahead of the chain
  })

  it('one request while the event is recent', async () => {
    const { chain, ranges } = fakeChain(8453, head.number - 10n)
    expect(await recentEvent(chain, query, head.timestamp - 30n)).toEqual({ blockNumber: head.number - 10n })
    expect(ranges).toEqual([[head.number - LOOKBACK_BLOCKS + 1n, head.number]])
  })

  it('finds an event hours back in requests of at most LOOKBACK_BLOCKS, newest first, contiguous', async () => {
    const since = head.timestamp - 5n * 3600n
    const at = head.number - 120_000n
    const { chain, ranges } = fakeChain(42161, at)
    expect(await recentEvent(chain, query, since)).toEqual({ blockNumber: at })
    expect(ranges).toEqual([
      [head.number - 49_999n, head.number],
      [head.number - 99_999n, head.number - 50_000n],
      [head.number - 144_001n, head.number - 100_000n],
    ])
  })

  it('gives up at the block that covers `since`, having asked for each block once', async () => {
    const { chain, ranges } = fakeChain(42161)
    expect(await recentEvent(chain, query, head.timestamp - 5n * 3600n)).toBeUndefined()
    const asked = ranges.reduce((n, [from, to]) => n + (to - from + 1n), 0n)
    expect(asked).toBe(144_002n)
    expect(ranges.at(-1)?.[0]).toBe(head.number - 144_001n)
  })
})
