// USD prices from Chainlink-style feeds (AggregatorV3), read in one multicall at one block.
// A price older than maxAgeSeconds (by the chain's own clock) or not positive is refused, never used.
import { encodeFunctionData, parseAbi, type Address } from 'viem'
import { addresses } from '../addresses'
import { abiCall, multicallRound, wordCall, type ChainReader, type RoundCall } from '../chainState/multicallRound'
import { ServiceError } from '../errors'
import type { TokenGroup } from '../tokens/tokenList'

const feedAbi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function decimals() view returns (uint8)',
])
const clockAbi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)'])

export type UsdPrice = {
  /** The feed's answer; USD per whole token = answer / 10^decimals, exact. */
  answer: bigint
  decimals: number
  updatedAt: bigint
  /** For display and the spec's `tokenPrices` numbers; never for amounts. */
  usd: number
}

export type UsdPrices = Record<TokenGroup, UsdPrice>

export type PriceFeeds = Partial<Record<TokenGroup, Address>>

export async function readUsdPrices(p: { reader: ChainReader; feeds: PriceFeeds; maxAgeSeconds: number }): Promise<UsdPrices> {
  const part = priceCalls(p.feeds, p.maxAgeSeconds)
  return part.collect(await multicallRound(p.reader, part.calls))
}

/** The calls of a price read, and how to fold and check their results, for rounds that read more. */
export function priceCalls(feeds: PriceFeeds, maxAgeSeconds: number) {
  const entries = Object.entries(feeds) as [TokenGroup, Address][]
  const calls: RoundCall[] = [
    wordCall(addresses.multicall3, encodeFunctionData({ abi: clockAbi, functionName: 'getCurrentBlockTimestamp' }), 'block timestamp'),
    ...entries.flatMap(([group, feed]) => [
      abiCall(feed, feedAbi, 'latestRoundData', [], `${group}/USD feed`),
      abiCall(feed, feedAbi, 'decimals', [], `${group}/USD feed decimals`),
    ]),
  ]
  const collect = (values: readonly unknown[]): UsdPrices => {
    const now = values[0] as bigint
    const prices = entries.map(([group], i) => {
      const [, answer, , updatedAt] = values[1 + 2 * i] as readonly [bigint, bigint, bigint, bigint, bigint]
      const decimals = Number(values[2 + 2 * i])
      if (answer <= 0n) throw new ServiceError('unavailable', `The ${group}/USD price feed answered ${answer}`)
      if (now - updatedAt > BigInt(maxAgeSeconds)) {
        throw new ServiceError('unavailable', `The ${group}/USD price is stale (updated ${now - updatedAt} s ago, limit ${maxAgeSeconds} s)`)
      }
      return [group, { answer, decimals, updatedAt, usd: Number(answer) / 10 ** decimals }] as const
    })
    return Object.fromEntries(prices) as UsdPrices
  }
  return { calls, collect }
}
