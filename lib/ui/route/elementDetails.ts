// One element of an intentOp, spelled out for the inspector: its decoded lock ids and amounts,
// the mandate (recipient, tokens out, fill deadline, calls), how it settles and what it bridges.
import type { Address, Hex } from 'viem'
import type { RouteResponse } from '../../api/routeResponse'
import { decodeLockId } from '../../core/locks/lockId'
import { chainName, type TokenAmount, tokenAmount } from '../shared/tokenAmount'
import { type DecodedCall, decodeCall, oftToken } from './decodeCall'

type Element = NonNullable<RouteResponse['intentOp']>['elements'][number]
type Context = Element['mandate']['qualifier']['settlementContext']

/** The Compact's ResetPeriod enum, by index. */
export const resetPeriods = [
  '1 second',
  '15 seconds',
  '1 minute',
  '10 minutes',
  '1 hour 5 minutes',
  '1 day',
  '7 days 1 hour',
  '30 days',
] as const

export type DecodedLock = TokenAmount & {
  id: string
  lockTag: Hex
  allocatorId: bigint
  scope: 'multichain' | 'chain-specific'
  resetPeriod: string
}

export type Bridge =
  | { kind: 'OFT'; token: string; dstChain: string; dstEid: number; minAmount: TokenAmount; adapter: Address }
  | { kind: 'ECO'; provingFee: TokenAmount }
  | { kind: 'RELAY'; requestId: Hex; orderId: Hex }

export type ElementDetails = {
  index: number
  chainId: number
  chainName: string
  arbiter: Address
  settlementLayer: Context['settlementLayer']
  fundingMethod: Context['fundingMethod']
  using7579: boolean
  locks: DecodedLock[]
  recipient: Address
  tokensOut: TokenAmount[]
  destination: string
  fillDeadline: bigint
  minGas: bigint
  preClaimOps: DecodedCall[]
  destinationOps: DecodedCall[]
  bridge?: Bridge
  gasRefund?: { token: TokenAmount; exchangeRate: bigint; overhead: bigint }
}

/** How an element is funded, in the reader's words first; the protocol's word goes on hover. */
export const fundingLabels: Record<Context['fundingMethod'], string> = {
  COMPACT: 'Locked in The Compact',
  PERMIT2: 'Approved via Permit2',
  NO_FUNDING: 'Sent by the intent executor',
}

export const fundingMethods: Record<Context['fundingMethod'], string> = {
  COMPACT: 'from resource locks in The Compact',
  PERMIT2: 'from unlocked tokens, pulled through Permit2',
  NO_FUNDING: 'sent by the account itself, run by the intent executor',
}

export function elementDetails(element: Element, index: number): ElementDetails {
  const chainId = Number(element.chainId)
  const destinationChainId = Number(element.mandate.destinationChainId)
  const ctx = element.mandate.qualifier.settlementContext
  const locks = element.idsAndAmounts.map(([id, amount]) => {
    const lock = decodeLockId(BigInt(id))
    const resetPeriod = resetPeriods[lock.resetPeriod]
    if (resetPeriod === undefined)
      throw new Error(`Lock ${id} has reset period ${lock.resetPeriod}, not one of The Compact's`)
    return {
      ...tokenAmount(chainId, lock.token, BigInt(amount)),
      id,
      lockTag: lock.lockTag,
      allocatorId: lock.allocatorId,
      scope: lock.scope === 0 ? ('multichain' as const) : ('chain-specific' as const),
      resetPeriod,
    }
  })
  const bridge = bridgeOf(ctx, locks[0])
  return {
    index,
    chainId,
    chainName: chainName(chainId),
    arbiter: element.arbiter,
    settlementLayer: ctx.settlementLayer,
    fundingMethod: ctx.fundingMethod,
    using7579: ctx.using7579,
    locks,
    recipient: element.mandate.recipient,
    tokensOut: element.mandate.tokenOut.map(([id, amount]) =>
      tokenAmount(destinationChainId, decodeLockId(BigInt(id)).token, BigInt(amount)),
    ),
    destination: chainName(destinationChainId),
    fillDeadline: BigInt(element.mandate.fillDeadline),
    minGas: BigInt(element.mandate.minGas),
    preClaimOps: element.mandate.preClaimOps.ops.map((op) => decodeCall(chainId, op)),
    destinationOps: element.mandate.destinationOps.ops.map((op) => decodeCall(destinationChainId, op)),
    ...(bridge ? { bridge } : {}),
    ...(ctx.gasRefund
      ? {
          gasRefund: {
            token: tokenAmount(chainId, ctx.gasRefund.token, 0n),
            exchangeRate: BigInt(ctx.gasRefund.exchangeRate),
            overhead: BigInt(ctx.gasRefund.overhead),
          },
        }
      : {}),
  }
}

function bridgeOf(ctx: Context, first: DecodedLock | undefined): Bridge | undefined {
  if (ctx.bridge) {
    const b = ctx.bridge
    // minAmountLD is in the destination chain's token ("local decimals" there).
    const received = oftToken(b.dstChainId)
    return {
      kind: 'OFT',
      token: b.oftToken,
      dstChain: chainName(b.dstChainId),
      dstEid: b.dstEid,
      minAmount: tokenAmount(b.dstChainId, received ?? b.adapter, BigInt(b.minAmountLD)),
      adapter: b.adapter,
    }
  }
  // The proving fee is charged in the element's own token.
  if (ctx.provingFee !== undefined && first)
    return { kind: 'ECO', provingFee: { ...first, amount: BigInt(ctx.provingFee) } }
  if (ctx.requestId && ctx.orderId) return { kind: 'RELAY', requestId: ctx.requestId, orderId: ctx.orderId }
  return undefined
}
