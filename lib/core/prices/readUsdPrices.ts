// USD prices from Chainlink-style feeds (AggregatorV3), read in one multicall at one block.
// A price older than maxAgeSeconds (by the chain's own clock) or not positive is refused, never used.
import { type Address, encodeFunctionData } from 'viem'
import { multicall3ViewsAbi } from '../abi/multicall3'
import { priceFeedAbi } from '../abi/priceFeed'
import { addresses } from '../addresses'
import {
  abiCall,
  type ChainReader,
  createRound,
  type Round,
  type RoundResults,
  runRound,
  wordCall,
} from '../chainState/multicallRound'
import { ServiceError } from '../errors'
import type { TokenGroup } from '../tokens/tokenList'

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

export async function readUsdPrices(p: {
  reader: ChainReader
  feeds: PriceFeeds
  maxAgeSeconds: number
}): Promise<UsdPrices> {
  const round = createRound()
  const collect = priceReads(round, p.feeds, p.maxAgeSeconds)
  return collect(await runRound(p.reader, round))
}

/** Adds a price read to a round (for rounds that read more); returns how to fold and check it. */
export function priceReads(round: Round, feeds: PriceFeeds, maxAgeSeconds: number) {
  const entries = Object.entries(feeds) as [TokenGroup, Address][]
  const clock = round.add(
    wordCall(
      addresses.multicall3,
      encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getCurrentBlockTimestamp' }),
      'block timestamp',
    ),
  )
  const reads = entries.map(([group, feed]) => ({
    group,
    round: round.add(abiCall(feed, priceFeedAbi, 'latestRoundData', [], `${group}/USD feed`)),
    decimals: round.add(abiCall(feed, priceFeedAbi, 'decimals', [], `${group}/USD feed decimals`)),
  }))
  return (results: RoundResults): UsdPrices => {
    const now = results.read(clock)
    const prices = reads.map((r) => {
      const [, answer, , updatedAt] = results.read(r.round)
      const decimals = results.read(r.decimals)
      if (answer <= 0n)
        throw new ServiceError('unavailable', `The ${r.group}/USD price feed answered ${answer}`, undefined, {
          code: 'PRICE_UNAVAILABLE',
        })
      if (now - updatedAt > BigInt(maxAgeSeconds)) {
        throw new ServiceError(
          'unavailable',
          `The ${r.group}/USD price is stale (updated ${now - updatedAt} s ago, limit ${maxAgeSeconds} s)`,
          undefined,
          { code: 'PRICE_UNAVAILABLE' },
        )
      }
      return [r.group, { answer, decimals, updatedAt, usd: Number(answer) / 10 ** decimals }] as const
    })
    return Object.fromEntries(prices) as UsdPrices
  }
}
