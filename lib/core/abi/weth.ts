// CANONICAL. WETH9's deposit, which wraps native ETH before a Permit2 route can spend it. ERC-20
// calls go through viem's erc20Abi. The devnet places a WETH with the same function.
import { parseAbi } from 'viem'

export const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)'])
