// The elements of an ACCOUNT_ESCROW route (core/intentOp/accountEscrow.ts says what they are): an
// escrow element per source chain, built by buildElements as any other and given here its ops and
// its mandate's chain, then the destination element.
import { type Address, encodeFunctionData, erc20Abi, zeroAddress } from 'viem'
import { arbiterAbi } from '../../abi/arbiter'
import { escrowMandate, escrowTokens } from '../../intentOp/accountEscrow'
import type { WireElement } from '../../intentOp/intentOp'
import { accountEscrowMinGas } from '../../settlement/destinationGas'
import { toSingleChainOp } from '../ops'
import type { Execution } from '../routeInput'
import { settlementQualifier } from '../settlementContext'

/** An escrow element from the element buildElements made for it: its ops run on its own chain (its
 * mandate's destination there), approving the arbiter for each ERC-20 and escrowing the tokens with
 * the mandate the fill on `destinationChainId` will deliver (native ETH as the escrow call's value). */
export function accountEscrowElement(element: WireElement, nonce: bigint, destinationChainId: number): WireElement {
  const mandate = escrowMandate(element, destinationChainId)
  const tokens = escrowTokens(element)
  const native = tokens.filter((t) => t.token === zeroAddress).reduce((sum, t) => sum + t.amount, 0n)
  const ops: Execution[] = tokens
    .filter((t) => t.token !== zeroAddress)
    .map((t) => ({
      to: t.token,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [element.arbiter, t.amount] }),
    }))
  ops.push({
    to: element.arbiter,
    value: native,
    data: encodeFunctionData({ abi: arbiterAbi, functionName: 'escrowFromAccount', args: [nonce, tokens, mandate] }),
  })
  return {
    ...element,
    mandate: {
      ...element.mandate,
      destinationChainId: element.chainId,
      destinationOps: toSingleChainOp(ops),
      minGas: accountEscrowMinGas(tokens.length).toString(),
    },
  }
}

/** The route's last element: the destination, where the fill is; nothing drawn or delivered there.
 * Its ops are the route's calls, which the filler relays as the account's own single-chain ops on the
 * destination chain once the fill is delivered, with the gas the route charged for them (`minGas`). */
export function accountEscrowDestination(p: {
  fillArbiter: Address
  destinationChainId: number
  recipient: Address
  fillDeadline: bigint
  using7579: boolean
  destinationExecutions: readonly Execution[]
  minGas: bigint
}): WireElement {
  const none = toSingleChainOp([])
  return {
    arbiter: p.fillArbiter,
    chainId: String(p.destinationChainId),
    idsAndAmounts: [],
    spendTokens: [],
    mandate: {
      recipient: p.recipient,
      tokenOut: [],
      destinationChainId: String(p.destinationChainId),
      fillDeadline: p.fillDeadline.toString(),
      preClaimOps: none,
      destinationOps: toSingleChainOp(p.destinationExecutions),
      qualifier: settlementQualifier({ layer: 'SAME_CHAIN', funding: 'ACCOUNT_ESCROW', using7579: p.using7579 }),
      minGas: (p.destinationExecutions.length > 0 ? p.minGas : 0n).toString(),
    },
  }
}
