// The build stage: a fulfilled plan as the intentOp the sponsor signs (still without the server's
// signature) — its deadline and expiry, one element per source chain, the signed metadata.
import type { Address, Hex } from 'viem'
import { InvalidInputError } from '../../errors'
import type { WireAuthorization, WireIntentOp } from '../../intentOp/intentOp'
import type { FeeModel } from '../feeModel'
import { groupElements } from '../plan/pricing'
import type { Plan } from '../plan/types'
import type { ResolvedRequest } from '../request/resolveRequest'
import type { RouteState } from '../state/readRouteState'
import { buildElements } from './buildElements'
import { buildMetadata } from './buildMetadata'
import { singleChainElement } from './singleChainElement'

/** Time after the fill deadline in which the claim may still settle. */
const CLAIM_WINDOW_SECONDS = 600n

export type BuildIntentOpParameters = {
  request: ResolvedRequest
  plan: Plan
  state: RouteState
  model: FeeModel
  nonce: bigint
  outputLockTag: Hex
  ttlSeconds: number
  /** The server's clock (unix seconds); the route's times start at the later of it and the destination's last block. */
  nowSeconds?: bigint | undefined
  authorizations: { signedAuthorizations: WireAuthorization[]; recipientSignedAuthorizations: WireAuthorization[] }
  /** Who is paid the fee of a route settled as single-chain ops. */
  fillerAddress?: Address | undefined
}

export function buildIntentOp({
  request,
  plan,
  state,
  model,
  nonce,
  outputLockTag,
  ttlSeconds,
  nowSeconds,
  authorizations,
  fillerAddress,
}: BuildIntentOpParameters): Omit<WireIntentOp, 'serverSignature'> {
  const { input, destination, account, recipient, preClaimExecutions } = request
  for (const id of Object.keys(preClaimExecutions)) {
    if (!plan.allocations.some((a) => a.chainId === Number(id))) {
      throw InvalidInputError.forField(
        `preClaimExecutions.${id}`,
        `preClaimExecutions.${id}: the route takes no funds on chain ${id}, so these operations would never run`,
      )
    }
  }
  // An idle chain's last block can be minutes old: never let that shorten the route's lifetime.
  const destinationState = state.chains.get(destination)
  if (!destinationState) throw new Error(`buildIntentOp: no state for destination chain ${destination}`)
  const chainTime = destinationState.timestamp
  const now = nowSeconds !== undefined && nowSeconds > chainTime ? nowSeconds : chainTime
  const fillDeadline = fillDeadlineOf(input.options.customDeadline, now, BigInt(ttlSeconds))
  const using7579 = account.accountType === 'ERC7579' || account.accountType === 'smartAccount'
  const elements = request.singleChain
    ? [singleChainElement({ request, plan, fillDeadline, outputLockTag, using7579, fillerAddress })]
    : buildElements({
        plan,
        state,
        model,
        destinationChainId: destination,
        account: account.address,
        recipient: recipient.address,
        nonce,
        fillDeadline,
        outputLockTag,
        using7579,
        destinationExecutions: input.destinationExecutions,
        preClaimExecutions,
        minGas: request.callGas,
        fillerAddress,
      })
  // The filler's transactions: each origin element's (by its funding method) and the fill.
  const { claim, fill, accountOps, signature } = model.gas.calldata
  const estimatedCalldataSize =
    groupElements(plan.allocations).reduce(
      (n, e) => n + claim[e.funding].base + claim[e.funding].perToken * e.tokens + signature,
      0,
    ) +
    fill.base +
    fill.perToken * plan.deliveries.length +
    (request.executionGas > 0n ? accountOps + signature : 0) +
    request.executionBytes
  return {
    sponsor: account.address,
    nonce: nonce.toString(),
    targetExecutionNonce: nonce.toString(),
    expires: (fillDeadline + CLAIM_WINDOW_SECONDS).toString(),
    elements,
    signedMetadata: buildMetadata({
      plan,
      state,
      account,
      recipient,
      destinationChainId: destination,
      estimatedCalldataSize,
      callsOnDestination: request.singleChain === true || input.destinationExecutions.length > 0,
    }),
    ...authorizations,
  }
}

/** The caller's deadline when it is at least a minute away and within the route lifetime. */
function fillDeadlineOf(custom: bigint | undefined, now: bigint, ttl: bigint): bigint {
  if (custom === undefined) return now + ttl
  if (custom < now + 60n || custom > now + ttl) {
    const message =
      `options.customDeadline: must be between ${now + 60n} and ${now + ttl} ` +
      `(unix seconds: at least a minute away, at most the route lifetime of ${ttl} s)`
    throw InvalidInputError.forField('options.customDeadline', message)
  }
  return custom
}
