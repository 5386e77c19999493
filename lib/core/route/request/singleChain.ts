// Routes an account settles with its own signed single-chain ops (the intent executor's
// `SingleChainOps`): nothing crosses chains and nothing is locked or approved. Chosen when the
// account can run ops on the destination chain (a smart account with the intent executor
// installed, or one its setupOps deploy there: Nexus, Safe with the Safe7579 adapter, an EIP-7702
// EOA) and either asks for no tokens (a call-only intent: `deploy()`, module installs, owner
// changes, any calls) or asks only for what it already holds, unlocked, on the destination chain.
// The route is one INTENT_EXECUTOR / NO_FUNDING element on the destination chain whose ops pay the
// fee to the filler, deliver to another recipient when one is named, then run the calls
// (build/singleChainElement.ts); the filler relays them once the account is deployed.
import { isAddressEqual } from 'viem'
import { nexus } from '../../accounts/smartAccounts'
import { fieldError } from '../../errors'
import { destinationGasLimit } from '../../settlement/destinationGas'
import type { TokenGroup } from '../../tokens/tokenList'
import type { FeeModel } from '../feeModel'
import { planInput } from '../plan/planRequest'
import { planRoute } from '../plan/planRoute'
import { planWithSetup } from '../plan/planWithSetup'
import type { Plan } from '../plan/types'
import type { RouteState } from '../state/readRouteState'
import type { AccountPlan } from './accountSettles'
import type { ResolvedRequest } from './resolveRequest'

const hasCode = (code: string | undefined) => code !== undefined && code !== '0x'

/** Whether the account runs its own ops on the destination chain: deployed with the intent
 * executor installed, or deployed there by its setupOps (which install it). */
export function runsOpsOn(request: ResolvedRequest, state: RouteState, accounts: AccountPlan): boolean {
  return opsChains(state, accounts).includes(request.destination)
}

/** Every chain where the account runs its own ops (see runsOpsOn): where an OFT send can leave from. */
export function opsChains(state: RouteState, accounts: AccountPlan): number[] {
  return [...state.chains.keys()].filter((chainId) => {
    const code = state.chains.get(chainId)?.accountCode
    if (hasCode(code)) return state.chains.get(chainId)?.executorInstalled === true
    return accounts.setup !== undefined && accounts.needsSetup(chainId)
  })
}

/** Whether the request settles as the account's own single-chain ops (see the file header). */
export function settlesSingleChain(request: ResolvedRequest, state: RouteState, accounts: AccountPlan): boolean {
  const { input } = request
  if (input.options.fundingMethod !== undefined || Object.keys(request.preClaimExecutions).length > 0) return false
  if (!runsOpsOn(request, state, accounts)) return false
  const balances = state.chains.get(request.destination)?.balances ?? []
  // Only from what the access list lets the route draw (sourceChains / sourceAssets).
  return request.requests.every((r) => {
    const held = balances.find((b) => b.token === r.token || isAddressEqual(b.token.address, r.token.address))
    return (
      r.amount !== undefined && held !== undefined && request.access.allows(held.token) && held.unlocked >= r.amount
    )
  })
}

/** A call-only intent the account cannot run as single-chain ops is refused, saying why. */
export function refuseCallOnlyHere(request: ResolvedRequest, state: RouteState, relayed = true): never {
  const account = request.account.address
  const chain = state.chains.get(request.destination)
  const why = !relayed
    ? 'this deployment has no filler to relay them (FILLER_ADDRESS is not set)'
    : request.input.options.fundingMethod
      ? `options.fundingMethod ${request.input.options.fundingMethod} funds tokens, and a call-only intent moves none`
      : hasCode(chain?.accountCode)
        ? `${account} does not have the intent executor ${nexus.intentExecutor} ` +
          `installed on chain ${request.destination}`
        : `${account} has no code on chain ${request.destination} and no setupOps that deploy it`
  const message =
    `tokenRequests: a call-only intent runs as the account through its intent executor, and ${why}; request a ` +
    "token with the calls, or send the account's setupOps"
  throw fieldError('unprocessable', 'tokenRequests', message, {}, { code: 'UNSETTLEABLE' })
}

/** The route planned as single-chain ops, its setup charged. A call-only intent with no fee token
 * pays in USDC, else in ETH when USDC cannot cover it. */
export function planSingleChain(
  request: ResolvedRequest,
  state: RouteState,
  model: FeeModel,
  accounts: AccountPlan,
): { request: ResolvedRequest; plan: Plan } {
  const recipient = request.recipient.address
  const delivers = !isAddressEqual(recipient, request.account.address)
  const transfers = 1 + (delivers ? request.requests.length : 0)
  // One executor transaction, whether or not there are calls.
  const single = { ...request, singleChain: true, executionGas: destinationGasLimit(request.callGas) }
  const feeGroups: TokenGroup[] =
    request.requests.length === 0 && request.input.options.feeToken === undefined ? ['USDC', 'ETH'] : [request.feeGroup]
  let planned: { request: ResolvedRequest; plan: Plan } | undefined
  for (const feeGroup of feeGroups) {
    planned = planWithSetup({ ...single, feeGroup }, state, model, accounts, (r) =>
      planRoute({ ...planInput(r, state, model), singleChain: { transfers }, funding: 'NO_FUNDING' }),
    )
    if (planned.plan.fulfilled) return planned
  }
  if (!planned) throw new Error('planSingleChain: no fee group')
  return planned
}
