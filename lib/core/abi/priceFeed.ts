// CANONICAL. Chainlink's AggregatorV3Interface: the USD feeds routes and portfolios are priced
// with. The devnet's PriceFeed answers the same views.
import { parseAbi } from 'viem'
import { signature } from './signature'

export const priceFeedAbi = parseAbi([
  signature(
    'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, ',
    'uint80 answeredInRound)',
  ),
  'function decimals() view returns (uint8)',
])
