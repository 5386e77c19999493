// The one element of a route settled as the account's own single-chain ops (request/singleChain.ts):
// on the destination chain, through INTENT_EXECUTOR with NO_FUNDING. Its `destinationOps` are what
// the account signs as `SingleChainOps` and the intent executor runs as it, in this order: the fee
// to the filler (when the user pays one), each requested token to the recipient (when that is
// another address), then the route's calls. The ops run all or nothing: the fee is paid only with
// them. `minGas` is the calls' gas plus each transfer the route adds; the filler sends the
// executor's transaction with exactly the limit the route charged (settlement/destinationGas.ts).
import { type Address, encodeFunctionData, erc20Abi, type Hex, isAddressEqual } from 'viem'
import { addresses } from '../../addresses'
import type { WireElement } from '../../intentOp/intentOp'
import { lockId } from '../../locks/lockId'
import { singleChainMinGas } from '../../settlement/destinationGas'
import type { TokenInfo } from '../../tokens/tokens'
import { toOp, toSingleChainOp } from '../ops'
import type { Plan } from '../plan/types'
import type { ResolvedRequest } from '../request/resolveRequest'
import type { Execution } from '../routeInput'
import { settlementQualifier } from '../settlementContext'

export type SingleChainElementParameters = {
  request: ResolvedRequest
  plan: Plan
  fillDeadline: bigint
  /** Lock tag of the ids naming unlocked tokens. */
  outputLockTag: Hex
  using7579: boolean
  fillerAddress: Address | undefined
}

export function singleChainElement(p: SingleChainElementParameters): WireElement {
  const { request, plan } = p
  const recipient = request.recipient.address
  const delivers = !isAddressEqual(recipient, request.account.address)
  const ops: Execution[] = []
  if (plan.fees.charge > 0n) {
    if (!p.fillerAddress) throw new Error('singleChainElement: a fee is charged and no filler address is configured')
    ops.push(transfer(plan.fees.feeToken, p.fillerAddress, plan.fees.charge))
  }
  if (delivers) for (const d of plan.deliveries) ops.push(transfer(d.token, recipient, d.target))
  ops.push(...request.input.destinationExecutions)
  const transfers = 1 + (delivers ? plan.deliveries.length : 0)
  const spent = new Map<bigint, bigint>()
  for (const a of plan.allocations) {
    const id = lockId(p.outputLockTag, a.token.address)
    spent.set(id, (spent.get(id) ?? 0n) + a.amount)
  }
  const idsAndAmounts = [...spent].map(([id, amount]) => [id.toString(), amount.toString()] as [string, string])
  return {
    arbiter: addresses.intentExecutor,
    chainId: String(request.destination),
    idsAndAmounts,
    spendTokens: idsAndAmounts.map(([id, amount]) => [id, amount] as [string, string]),
    mandate: {
      recipient,
      tokenOut: plan.deliveries.map((d) => [lockId(p.outputLockTag, d.token.address).toString(), d.target.toString()]),
      destinationChainId: String(request.destination),
      fillDeadline: p.fillDeadline.toString(),
      preClaimOps: toOp([]),
      destinationOps: toSingleChainOp(ops),
      qualifier: settlementQualifier({ layer: 'SAME_CHAIN', funding: 'NO_FUNDING', using7579: p.using7579 }),
      minGas: singleChainMinGas(request.callGas, transfers).toString(),
    },
  }
}

function transfer(token: TokenInfo, to: Address, amount: bigint): Execution {
  if (token.extensions.native) return { to, value: amount, data: '0x' }
  return {
    to: token.address,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  }
}
