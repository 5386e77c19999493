// Planning with the account's deployment charged: the filler runs an undeployed account's setupOps
// on every chain the intent touches (each element's chain and the destination), and which chains
// those are is the plan's choice, which the charge itself can change. So the route is planned with
// the setup gas of the chains charged so far, and again with every chain the plan used added,
// until the plan uses no chain that is not charged: the fee covers every deployment it causes.
import type { FeeModel } from '../feeModel'
import type { AccountPlan } from '../request/accountSettles'
import type { ResolvedRequest } from '../request/resolveRequest'
import type { RouteState } from '../state/readRouteState'
import { planRequest } from './planRequest'
import type { Plan } from './types'

/** The chains a plan's intent touches: each allocation's chain and the destination. */
export function planChains(plan: Pick<Plan, 'allocations'>, destinationChainId: number): Set<number> {
  return new Set([destinationChainId, ...plan.allocations.map((a) => a.chainId)])
}

export function planWithSetup(
  request: ResolvedRequest,
  state: RouteState,
  model: FeeModel,
  account: Pick<AccountPlan, 'setupGas' | 'setupBytes'>,
  plan: (r: ResolvedRequest) => Plan = (r) => planRequest(r, state, model),
): { request: ResolvedRequest; plan: Plan } {
  const charged = new Set([request.destination])
  // Each round adds at least one chain, so it ends within one round per chain.
  for (;;) {
    // Each chain's deployment at that chain's gas price (an Ethereum deployment costs Ethereum gas).
    const gas = new Map([...charged].map((c) => [c, account.setupGas([c])] as const).filter(([, g]) => g > 0n))
    const chargedRequest = { ...request, setup: { gas, bytes: account.setupBytes } }
    const planned = plan(chargedRequest)
    const missing = [...planChains(planned, request.destination)].filter(
      (c) => !charged.has(c) && account.setupGas([c]) > 0n,
    )
    if (missing.length === 0) return { request: chargedRequest, plan: planned }
    for (const c of missing) charged.add(c)
  }
}
