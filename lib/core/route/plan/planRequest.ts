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
  // USDT0 crosses chains only as the account's own OFT send through its intent executor, from a
  // chain where it runs ops; calls on arrival are not carried with it (nothing would run them there).
  const sponsor = request.input.options.sponsorSettings
  const oft = request.input.destinationExecutions.length === 0
  return {
    destinationChainId: request.destination,
    requests: request.requests,
    state,
    access: request.access,
    layers: new Set([...request.layers].filter((l) => l !== 'OFT' || oft)),
    opsChains: new Set(request.opsChains ?? []),
    escrowChains: new Set(escrowChains(request)),
    feeGroup: request.feeGroup,
    sponsorship: {
      gas: sponsor?.gasSponsored ?? false,
      bridge: sponsor?.bridgeFeesSponsored ?? false,
      swap: sponsor?.swapFeesSponsored ?? false,
      protocol: sponsor?.protocolFeesSponsored ?? false,
    },
    model,
    executionGas: request.executionGas,
    setup: request.setup,
    executionBytes: request.executionBytes,
    funding: request.input.options.fundingMethod,
  }
}

/** Where the account's own ops may put its unlocked ERC-20s into escrow (ACCOUNT_ESCROW): the chains
 * it runs ops on other than the destination, for a route without pre-claim calls (those run before a
 * Permit2 or lock claim) whose calls on arrival, if any, the account can run there too (they are its
 * destination element's ops, relayed after the fill). */
export function escrowChains(
  request: Pick<ResolvedRequest, 'opsChains' | 'preClaimExecutions' | 'destination'> & {
    input: Pick<ResolvedRequest['input'], 'destinationExecutions'>
  },
): number[] {
  const ops = request.opsChains ?? []
  if (Object.keys(request.preClaimExecutions).length > 0) return []
  if (request.input.destinationExecutions.length > 0 && !ops.includes(request.destination)) return []
  return ops.filter((chainId) => chainId !== request.destination)
}

/** The account could cover a request if every layer were allowed, but the allowed ones cannot
 * bring the funds to the destination: that is No Path Found, not a shortfall. */
function assertReachable(plan: Plan, input: PlanInput) {
  for (const d of plan.deliveries.filter((x) => !x.fulfilled)) {
    const group = d.token.extensions.group
    // As if every layer were allowed and the account ran its own ops on every chain (an OFT send).
    const everywhere = new Set(input.state.chains.keys())
    const withAll = drawable({ ...input, layers: new Set(crossChainLayers), opsChains: everywhere }, group)
    if (withAll >= d.target && withAll > drawable(input, group)) {
      if (group === 'USDT') {
        const message =
          `tokenRequests: ${d.token.symbol} crosses chains only over LayerZero OFT, as the account's own send ` +
          'through its intent executor, so the account must run ops where it holds it (a smart account with the ' +
          'intent executor, or its setupOps; an EOA through an EIP-7702 delegation), and the route may carry no ' +
          'calls on arrival; request it on a chain where the account holds it, or send the calls separately'
        throw fieldError(
          'unprocessable',
          'tokenRequests',
          message,
          { token: d.token.address, destinationChainId: input.destinationChainId },
          { code: 'UNSETTLEABLE' },
        )
      }
      const reason =
        `the account holds ${d.token.symbol} that no allowed settlement layer can bring to chain ` +
        `${input.destinationChainId}`
      throw new NoPathFoundError(reason, {
        token: d.token.address,
        destinationChainId: input.destinationChainId,
      })
    }
  }
}
