// The intentOp's elements: exactly one per source chain (a plan puts one funding method and one
// layer on a chain, and one signing scheme on the route), destination chain last.
// Each claims its allocations (idsAndAmounts), and its mandate names what it delivers (tokenOut)
// to the recipient on the destination chain by the fill deadline. An OFT element is the account's
// own single-chain ops on its source chain (its mandate's destinationChainId, where they run): the
// fee to the filler, the approval where the adapter needs one, and the LayerZero send with the
// native fee the filler hands it (`prefundAmount`); the bridge delivers tokenOut. An ACCOUNT_ESCROW
// route's elements are the account's escrow ops, then its destination element (accountEscrowElements.ts).
import { type Address, encodeFunctionData, erc20Abi, type Hex, pad } from 'viem'
import { oftAbi } from '../../abi/oft'
import { oftAdapters } from '../../addresses'
import type { WireElement, WireOp } from '../../intentOp/intentOp'
import { lockId } from '../../locks/lockId'
import { type FeeModel, fromUsd8, OFT_ELEMENT_MIN_GAS } from '../feeModel'
import { toOp, toSingleChainOp } from '../ops'
import { type Element, groupElements } from '../plan/pricing'
import type { Allocation, Plan } from '../plan/types'
import type { Execution } from '../routeInput'
import { settlementQualifier } from '../settlementContext'
import { arbiterOf, layerQualifier } from '../settlementLayers'
import type { RouteState } from '../state/readRouteState'
import { accountEscrowDestination, accountEscrowElement } from './accountEscrowElements'

export type BuildElementsParameters = {
  plan: Plan
  state: RouteState
  model: FeeModel
  destinationChainId: number
  account: Address
  recipient: Address
  nonce: bigint
  fillDeadline: bigint
  /** Lock tag for ids of funds that are not in a lock (Permit2, OFT) and of tokenOut. */
  outputLockTag: Hex
  using7579: boolean
  destinationExecutions: readonly Execution[]
  preClaimExecutions: Readonly<Record<string, readonly Execution[]>>
  minGas: bigint
  /** Who is paid an OFT element's fee (one of its ops). */
  fillerAddress?: Address | undefined
}

export function buildElements({
  plan,
  state,
  model,
  destinationChainId,
  account,
  recipient,
  nonce,
  fillDeadline,
  outputLockTag,
  using7579,
  destinationExecutions,
  preClaimExecutions,
  minGas,
  fillerAddress,
}: BuildElementsParameters): WireElement[] {
  const delivered = deliveredPerAllocation(plan)
  const elements = groupElements(plan.allocations).sort(
    (a, b) =>
      Number(a.chainId === destinationChainId) - Number(b.chainId === destinationChainId) || a.chainId - b.chainId,
  )
  const built = elements.map((element, index): WireElement => {
    const last = index === elements.length - 1
    const idsAndAmounts = merge(
      element.allocations.map((a) => [lockId(a.lockTag ?? outputLockTag, a.token.address), a.amount]),
    )
    const tokenOut = merge(
      element.allocations.flatMap((a) => {
        const amount = delivered.get(a) ?? 0n
        if (amount === 0n || a.request === 'fee') return []
        const delivery = plan.deliveries[a.request]
        if (!delivery) throw new Error(`buildElements: allocation for request ${a.request} has no delivery`)
        return [[lockId(outputLockTag, delivery.token.address), amount] as const]
      }),
    )
    const moved = tokenOut.reduce((sum, [, amount]) => sum + BigInt(amount), 0n)
    const preClaim = [...(preClaimExecutions[String(element.chainId)] ?? [])]
    const settlement = { layer: element.layer, funding: element.funding, using7579: using7579 } as Parameters<
      typeof settlementQualifier
    >[0]

    const qualify = layerQualifier(element.layer)
    if (qualify) {
      const fixedFeeInToken = () => {
        const token = firstToken(element)
        const fixedUsd8 = model.bridge[element.layer as keyof FeeModel['bridge']]?.fixedUsd8 ?? 0n
        return fromUsd8(fixedUsd8, token.decimals, state.prices[token.extensions.group])
      }
      settlement.layerPart = qualify({ nonce, chainId: element.chainId, index, fixedFeeInToken })
    }
    // An OFT element's ops run on its own chain: they are its mandate's destination.
    let oftOps: Execution[] | undefined
    if (element.layer === 'OFT') {
      const token = firstToken(element)
      const quote = state.chains.get(element.chainId)?.oftQuote
      if (!quote) throw new Error(`buildElements: no OFT quote on chain ${element.chainId}`)
      if (!fillerAddress)
        throw new Error('buildElements: an OFT element pays its fee to the filler, and no filler address is configured')
      // Send what the recipient must receive (grossed up by the OFT's own fee); the rest of what the
      // element draws is the route's fee, paid to the filler by the same ops.
      const drawn = element.allocations.reduce((sum, a) => sum + a.amount, 0n)
      const grossed =
        quote.amountReceivedLD === 0n
          ? moved
          : (moved * quote.amountSentLD + quote.amountReceivedLD - 1n) / quote.amountReceivedLD
      // The fee is what the element draws beyond the send; a plan that drew less than the send needs
      // is a pricing bug, never signed (the fee would silently shrink).
      if (grossed > drawn) {
        throw new Error(`buildElements: the OFT element on chain ${element.chainId} draws ${drawn}, less than its send`)
      }
      const sent = grossed
      settlement.oft = {
        dstEid: quote.dstEid,
        dstChainId: destinationChainId,
        minAmountLD: moved,
        adapter: quote.adapter,
      }
      settlement.prefundAmount = quote.nativeFee
      oftOps = drawn > sent ? [erc20Transfer(token.address, fillerAddress, drawn - sent)] : []
      oftOps.push(
        ...oftSendOps(
          element.chainId,
          token.address,
          quote.adapter,
          quote.dstEid,
          quote.nativeFee,
          sent,
          moved,
          recipient,
          account,
        ),
      )
    }

    return {
      arbiter: arbiterOf(element.layer, using7579),
      chainId: String(element.chainId),
      idsAndAmounts,
      spendTokens: idsAndAmounts.map(([id, amount]) => [id, amount] as [string, string]),
      mandate: {
        recipient: recipient,
        tokenOut,
        destinationChainId: String(oftOps ? element.chainId : destinationChainId),
        fillDeadline: fillDeadline.toString(),
        preClaimOps: oftOps ? emptyOp : toOp(preClaim),
        destinationOps: oftOps ? toSingleChainOp(oftOps) : last ? toOp(destinationExecutions) : emptyOp,
        qualifier: settlementQualifier(settlement),
        minGas: (oftOps ? OFT_ELEMENT_MIN_GAS : last ? minGas : 0n).toString(),
      },
    }
  })
  const fillArbiter = built.at(-1)?.arbiter
  if (!fillArbiter || !elements.some((e) => e.funding === 'ACCOUNT_ESCROW')) return built
  if (!elements.every((e) => e.funding === 'ACCOUNT_ESCROW'))
    throw new Error('buildElements: a plan mixes ACCOUNT_ESCROW with another funding method')
  // The account's escrow ops on each source chain, then the destination element.
  return [
    ...built.map((e) => accountEscrowElement(e, nonce, destinationChainId)),
    accountEscrowDestination({
      fillArbiter,
      destinationChainId,
      recipient,
      fillDeadline,
      using7579,
      destinationExecutions,
      minGas,
    }),
  ]
}

const emptyOp: WireOp = toOp([])

/** The token of an element's first allocation (groupElements makes no element without one). */
function firstToken(element: Element): Allocation['token'] {
  const [first] = element.allocations
  if (!first) throw new Error(`buildElements: the element on chain ${element.chainId} has no allocation`)
  return first.token
}

/** What each allocation delivers: a request's allocations fill its target in order; the rest is fee. */
function deliveredPerAllocation(plan: Plan): Map<Allocation, bigint> {
  const result = new Map<Allocation, bigint>()
  for (const d of plan.deliveries) {
    let left = d.target
    for (const a of plan.allocations.filter((x) => x.request === d.request)) {
      const amount = a.amount < left ? a.amount : left
      result.set(a, amount)
      left -= amount
    }
  }
  return result
}

function merge(pairs: readonly (readonly [bigint, bigint])[]): [string, string][] {
  const sums = new Map<bigint, bigint>()
  for (const [id, amount] of pairs) sums.set(id, (sums.get(id) ?? 0n) + amount)
  return [...sums].map(([id, amount]) => [id.toString(), amount.toString()])
}

function erc20Transfer(token: Address, to: Address, amount: bigint): Execution {
  return {
    to: token,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  }
}

/** The account's own LayerZero send, run by the intent executor on the source chain. */
function oftSendOps(
  chainId: number,
  token: Address,
  adapter: Address,
  dstEid: number,
  nativeFee: bigint,
  amount: bigint,
  minAmount: bigint,
  recipient: Address,
  refund: Address,
): Execution[] {
  const ops: Execution[] = []
  if (oftAdapters[chainId as keyof typeof oftAdapters]?.approvalRequired) {
    ops.push({
      to: token,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [adapter, amount] }),
    })
  }
  const sendParam = {
    dstEid,
    to: pad(recipient),
    amountLD: amount,
    minAmountLD: minAmount,
    extraOptions: '0x',
    composeMsg: '0x',
    oftCmd: '0x',
  } as const
  ops.push({
    to: adapter,
    value: nativeFee,
    data: encodeFunctionData({
      abi: oftAbi,
      functionName: 'send',
      args: [sendParam, { nativeFee, lzTokenFee: 0n }, refund],
    }),
  })
  return ops
}
