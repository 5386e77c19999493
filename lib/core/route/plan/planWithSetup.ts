// Planning with the account's deployment charged: the filler runs an undeployed account's setupOps
// on every chain where the account must run code (each chain the plan draws from, and the
// destination when the account's calls run there: lib/filler/accountSteps.ts intentChains), and
// which chains those are is the plan's choice, which the charge itself can change. So the route is
// planned with the setup gas of the chains charged so far, and again with every chain the plan used
// added, until the plan uses no chain that is not charged: the fee covers every deployment it causes.
import type { FeeModel } from '../feeModel'
import type { AccountPlan } from '../request/accountSettles'
import type { ResolvedRequest } from '../request/resolveRequest'
import type { RouteState } from '../state/readRouteState'
import { planRequest } from './planRequest'
import type { Plan } from './types'

/** The chains where a plan's intent deploys the account: each allocation's chain, and the
 * destination when calls run there (`destination`, or undefined when none do). */
export function planChains(plan: Pick<Plan, 'allocations'>, destination: number | undefined): Set<number> {
  return new Set([...(destination === undefined ? [] : [destination]), ...plan.allocations.map((a) => a.chainId)])
}

export function planWithSetup(
  request: ResolvedRequest,
  state: RouteState,
  model: FeeModel,
  account: Pick<AccountPlan, 'setupGas' | 'setupBytes'>,
  plan: (r: ResolvedRequest) => Plan = (r) => planRequest(r, state, model),
): { request: ResolvedRequest; plan: Plan } {
  // The account runs code on the destination only for its calls there (or its single-chain ops).
  const callsThere = request.singleChain === true || request.input.destinationExecutions.length > 0
  const destination = callsThere ? request.destination : undefined
  const charged = new Set(destination === undefined ? [] : [destination])
  // Each round adds at least one chain, so it ends within one round per chain.
  for (;;) {
    // Each chain's deployment at that chain's gas price (an Ethereum deployment costs Ethereum gas).
    const gas = new Map([...charged].map((c) => [c, account.setupGas([c])] as const).filter(([, g]) => g > 0n))
    const chargedRequest = { ...request, setup: { gas, bytes: account.setupBytes } }
    const planned = plan(chargedRequest)
    const missing = [...planChains(planned, destination)].filter((c) => !charged.has(c) && account.setupGas([c]) > 0n)
    if (missing.length === 0) return { request: chargedRequest, plan: planned }
    for (const c of missing) charged.add(c)
  }
}
