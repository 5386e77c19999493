// CANONICAL. The OP-stack GasPriceOracle predeploy (0x420000000000000000000000000000000000000F):
// the Ecotone L1 fee parameters a route's L1 data fee is computed from. The devnet places a
// contract with the same views there.
import { parseAbi } from 'viem'

export const gasPriceOracleAbi = parseAbi([
  'function l1BaseFee() view returns (uint256)',
  'function blobBaseFee() view returns (uint256)',
  'function baseFeeScalar() view returns (uint32)',
  'function blobBaseFeeScalar() view returns (uint32)',
])
