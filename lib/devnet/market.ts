// The devnet's market: USD prices, OP-stack L1 fee parameters and OFT fees it writes on chain.
// The service reads these back from chain like it would on a real network.
import { parseEther, parseGwei } from 'viem'

/** Chainlink answers, 8 decimals. */
export const devnetPrices = {
  ETH: { description: 'ETH / USD', answer: 3_000_00000000n },
  USDC: { description: 'USDC / USD', answer: 1_00000000n },
  USDT: { description: 'USDT / USD', answer: 1_00000000n },
} as const

/** Ecotone parameters, in the range Base and OP Mainnet publish. */
export const devnetL1FeeParams = {
  l1BaseFee: parseGwei('2'),
  blobBaseFee: 1n,
  baseFeeScalar: 2269,
  blobBaseFeeScalar: 1055762,
} as const

export const devnetOftFee = { nativeFee: parseEther('0.00005'), feeBps: 0 } as const
