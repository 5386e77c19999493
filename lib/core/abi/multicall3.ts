// CANONICAL. Multicall3 (0xcA11bde05977b3631167028862bE2a173976CA11): viem's ABI for aggregate3,
// plus the block and balance views a round reads beside its calls. The devnet places Multicall3's
// own code there.
import { parseAbi, multicall3Abi as viemMulticall3Abi } from 'viem'

export const multicall3Abi = viemMulticall3Abi

export const multicall3ViewsAbi = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getCurrentBlockTimestamp() view returns (uint256)',
  'function getEthBalance(address addr) view returns (uint256)',
])
