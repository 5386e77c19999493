// What the account must do on chain before it signs (tokenRequirements), as wallet transactions:
// an approval is ERC-20 approve(spender, amount) on the token; a wrap (keyed by the zero address)
// is WETH deposit() carrying that much ETH as value.
import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, zeroAddress, type Address, type Hex } from 'viem'
import type { RouteResponse } from '../api/routeResponse'
import { addresses } from '../core/addresses'
import { findTokenBySymbol } from '../core/tokens/tokens'
import { tokenAmount, type TokenAmount } from './tokenAmount'

const wethAbi = parseAbi(['function deposit() payable'])

export type WalletTransaction = { chainId: number; to: Address; data: Hex; value: bigint }

export type RequirementStep = {
  key: string
  kind: 'approval' | 'wrap'
  /** The token approved, or the ETH wrapped. */
  amount: TokenAmount
  spender?: { address: Address; name: string }
  tx: WalletTransaction
}

export function requirementSteps(requirements: RouteResponse['tokenRequirements']): RequirementStep[] {
  return Object.entries(requirements).flatMap(([chain, byToken]) => {
    const chainId = Number(chain)
    return Object.entries(byToken).map(([token, req]): RequirementStep => {
      const key = `${chainId}:${token}:${req.type}`
      if (req.type === 'wrap') {
        const weth = findTokenBySymbol(chainId, 'WETH')
        if (!weth) throw new Error(`No WETH is known on chain ${chainId}`)
        const value = BigInt(req.amount)
        return { key, kind: 'wrap', amount: tokenAmount(chainId, zeroAddress, value), tx: { chainId, to: weth.address, value, data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }) } }
      }
      const spender = req.spender as Address
      const amount = BigInt(req.amount)
      return {
        key,
        kind: 'approval',
        amount: tokenAmount(chainId, token, amount),
        spender: { address: spender, name: isAddressEqual(spender, addresses.permit2) ? 'Permit2' : 'the spender' },
        tx: { chainId, to: token as Address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }) },
      }
    })
  })
}
