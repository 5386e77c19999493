// CANONICAL. ERC-7579's account id view, read to tell a modular smart account from other code.
// Not on the devnet (its accounts are EOAs or EIP-7702 delegations).
import { parseAbi } from 'viem'

export const erc7579AccountAbi = parseAbi(['function accountId() view returns (string)'])
