// USD prices from Chainlink-style feeds (AggregatorV3), read in one multicall at one block.
// A price older than maxAgeSeconds (by the chain's own clock) or not positive is refused, never used.
import { parseAbi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem'
import { addresses } from '../addresses'
import { ChainUnavailableError, ServiceError } from '../errors'
import type { TokenGroup } from '../tokens/tokenList'

// The feeds' views and Multicall3's clock, in one ABI so the multicall result is typed.
const abi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function decimals() view returns (uint8)',
  'function getCurrentBlockTimestamp() view returns (uint256)',
])

export type UsdPrice = {
  /** The feed's answer; USD per whole token = answer / 10^decimals, exact. */
  answer: bigint
  decimals: number
  updatedAt: bigint
  /** For display and the spec's `tokenPrices` numbers; never for amounts. */
  usd: number
}

export type ReadUsdPricesParameters = {
  client: PublicClient
  chainId: number
  feeds: Partial<Record<TokenGroup, Address>>
  maxAgeSeconds: number
}

export async function readUsdPrices({ client, chainId, feeds, maxAgeSeconds }: ReadUsdPricesParameters): Promise<Record<TokenGroup, UsdPrice>> {
  const entries = Object.entries(feeds) as [TokenGroup, Address][]
  const contracts: ContractFunctionParameters[] = [
    { address: addresses.multicall3, abi, functionName: 'getCurrentBlockTimestamp' },
    ...entries.flatMap(([, feed]) => [
      { address: feed, abi, functionName: 'latestRoundData' },
      { address: feed, abi, functionName: 'decimals' },
    ]),
  ]
  let results
  try {
    results = await client.multicall({
      multicallAddress: addresses.multicall3,
      allowFailure: false,
      contracts,
    })
  } catch (error) {
    throw new ChainUnavailableError(chainId, `price feeds: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  }
  const now = results[0] as unknown as bigint
  const prices = entries.map(([group], i) => {
    const [, answer, , updatedAt] = results[1 + 2 * i] as unknown as readonly [bigint, bigint, bigint, bigint, bigint]
    const decimals = Number(results[2 + 2 * i])
    if (answer <= 0n) throw new ServiceError('unavailable', `The ${group}/USD price feed answered ${answer}`)
    if (now - updatedAt > BigInt(maxAgeSeconds)) {
      throw new ServiceError('unavailable', `The ${group}/USD price is stale (updated ${now - updatedAt} s ago, limit ${maxAgeSeconds} s)`)
    }
    return [group, { answer, decimals, updatedAt, usd: Number(answer) / 10 ** decimals }] as const
  })
  return Object.fromEntries(prices) as Record<TokenGroup, UsdPrice>
}
