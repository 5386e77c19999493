// The plan stage for one request: the planner's input from the request and the state, the plan,
// and No Path Found when only a layer the request does not allow could have fulfilled it.
import { fieldError, NoPathFoundError } from '../../errors'
import type { FeeModel } from '../feeModel'
import type { ResolvedRequest } from '../request/resolveRequest'
import { crossChainLayers } from '../settlementLayers'
import type { RouteState } from '../state/readRouteState'
import { planRoute } from './planRoute'
import { drawable } from './sources'
import type { Plan, PlanInput } from './types'

export function planRequest(request: ResolvedRequest, state: RouteState, model: FeeModel): Plan {
  const input = planInput(request, state, model)
  const plan = planRoute(input)
  if (!plan.fulfilled) assertReachable(plan, input)
  return plan
}

/** The planner's input for a request. */
export function planInput(request: ResolvedRequest, state: RouteState, model: FeeModel): PlanInput {
  // USDT0 crosses chains only as the account's own OFT send through the intent executor, which
  // this deployment does not settle (the send would run unsigned on its chain): never planned.
  const sponsor = request.input.options.sponsorSettings
  return {
    destinationChainId: request.destination,
    requests: request.requests,
    state,
    access: request.access,
    layers: new Set([...request.layers].filter((l) => l !== 'OFT')),
    feeGroup: request.feeGroup,
    sponsorship: { gas: sponsor?.gasSponsored ?? false, bridge: sponsor?.bridgeFeesSponsored ?? false, swap: sponsor?.swapFeesSponsored ?? false, protocol: sponsor?.protocolFeesSponsored ?? false },
    model,
    executionGas: request.executionGas,
    executionBytes: request.executionBytes,
    funding: request.input.options.fundingMethod,
  }
}

/** The account could cover a request if every layer were allowed, but the allowed ones cannot
 * bring the funds to the destination: that is No Path Found, not a shortfall. */
function assertReachable(plan: Plan, input: PlanInput) {
  for (const d of plan.deliveries.filter((x) => !x.fulfilled)) {
    const group = d.token.extensions.group
    const withAll = drawable({ ...input, layers: new Set(crossChainLayers) }, group)
    if (withAll >= d.target && withAll > drawable(input, group)) {
      if (group === 'USDT') {
        const message = `tokenRequests: ${d.token.symbol} would have to cross chains over LayerZero OFT, sent by the account through the intent executor; this deployment does not settle OFT routes (the route's shape leaves the send unsigned on the chain where it runs), so request it on a chain where the account holds it`
        throw fieldError('unprocessable', 'tokenRequests', message, { token: d.token.address, destinationChainId: input.destinationChainId }, { code: 'UNSETTLEABLE' })
      }
      const reason = `the account holds ${d.token.symbol} that no allowed settlement layer can bring to chain ${input.destinationChainId}`
      throw new NoPathFoundError(reason, {
        token: d.token.address,
        destinationChainId: input.destinationChainId,
      })
    }
  }
}
