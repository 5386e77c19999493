// A route, end to end, one stage after another: resolve the request, read the chains, check the
// caller's authorizations and operations, plan the sources, price it, build the intentOp and sign it.
// quoteUnsignedRoute stops before the signature, for a caller that stores the route while it is signed.
import type { Address, Hex } from 'viem'
import type { ChainReader } from '../chainState/multicallRound'
import type { RouteResponse, UnsignedRouteResponse } from '../intentOp/intentOp'
import { type RouteSigner, signRouteResponse } from '../intentOp/serverSignature'
import { sponsorNonce } from '../locks/sponsorNonce'
import type { PriceFeeds } from '../prices/readUsdPrices'
import { buildAlternatives } from './build/buildAlternatives'
import { buildCost } from './build/buildCost'
import { buildIntentOp } from './build/buildIntentOp'
import { tokenRequirements } from './build/tokenRequirements'
import type { FeeModel } from './feeModel'
import { alternativePlans, requestablePlan } from './plan/alternatives'
import { planInput } from './plan/planRequest'
import { planWithSetup } from './plan/planWithSetup'
import { checkAccount } from './request/accountSettles'
import { priceDestinationCalls } from './request/destinationGas'
import { resolveRequest } from './request/resolveRequest'
import { routeAuthorizations } from './request/routeAuthorizations'
import { opsChains, planSingleChain, refuseCallOnlyHere, settlesSingleChain } from './request/singleChain'
import type { RouteInput } from './routeInput'
import { type RouteCaches, readState } from './state/readState'

export type QuoteRouteParameters = {
  input: RouteInput
  readers: readonly ChainReader[]
  lockTags: readonly Hex[]
  prices: { chainId: number; feeds: PriceFeeds; maxAgeSeconds: number }
  model: FeeModel
  ttlSeconds: number
  /** The route's nonce counter (the intentOp's nonce is it scoped to the sponsor: locks/sponsorNonce.ts);
   * a promise lets the caller draw it while the chains are read. */
  nonce: bigint | Promise<bigint>
  signer: RouteSigner
  /** The server's clock (unix seconds): a route's times start at the later of it and the destination's last block. */
  nowSeconds?: bigint
  /** Whose inventory fills the route: its deliveries precede the destination calls' simulation. */
  fillerAddress?: Address | undefined
  /** Market data reuse (gas, L1 parameters, prices) and single flight for identical chain reads. */
  caches?: RouteCaches
}

export async function quoteRoute(p: QuoteRouteParameters): Promise<RouteResponse> {
  return signRouteResponse(await quoteUnsignedRoute(p), p.signer)
}

export async function quoteUnsignedRoute(p: Omit<QuoteRouteParameters, 'signer'>): Promise<UnsignedRouteResponse> {
  const resolved = await resolveRequest(p.input, p.readers, p.model)
  // The calls' simulation goes alongside the chain reads (it only changes what gas is charged).
  const [request, state] = await Promise.all([
    priceDestinationCalls(resolved, p.readers, p.fillerAddress),
    readState(resolved, p),
  ])
  const authorizations = await routeAuthorizations(request, state)
  const accounts = checkAccount(p.input, Object.keys(request.preClaimExecutions).map(Number), state)
  // The account's own ops pay the filler who relays them: without its address (no FILLER_ADDRESS)
  // none are offered.
  const relayed = p.fillerAddress !== undefined
  request.opsChains = relayed ? opsChains(state, accounts) : []
  const singleChain = relayed && settlesSingleChain(request, state, accounts)
  if (!singleChain && request.requests.length === 0) refuseCallOnlyHere(request, state, relayed)
  const { request: charged, plan } = singleChain
    ? planSingleChain(request, state, p.model, accounts)
    : planWithSetup(request, state, p.model, accounts)
  const intentCost = buildCost(plan, state, request.destination)
  const warnings = state.warnings.length > 0 ? { warnings: state.warnings } : {}
  if (!plan.fulfilled) return { intentOp: null, intentCost, tokenRequirements: {}, ...warnings }

  const requirements = tokenRequirements(plan, state, {
    address: request.account.address,
    needsSetup: accounts.needsSetup,
  })
  const [outputLockTag] = p.lockTags
  if (!outputLockTag) throw new Error('quoteRoute: no lock tag is configured for the route output')
  const intentOp = buildIntentOp({
    request: charged,
    plan,
    state,
    model: p.model,
    nonce: sponsorNonce(await p.nonce, request.account.address),
    outputLockTag,
    ttlSeconds: p.ttlSeconds,
    nowSeconds: p.nowSeconds,
    authorizations,
    fillerAddress: p.fillerAddress,
  })
  // Only when asked for: the other plans within what the request allows (see plan/alternatives.ts),
  // priced with the chosen plan's setup charge; asking for one re-plans it with its own. None for a
  // route a request cannot ask for by name (an OFT send, an account's own escrow ops).
  const alternatives =
    p.input.options.alternatives && !singleChain && requestablePlan(plan)
      ? {
          alternatives: buildAlternatives(
            alternativePlans(planInput(charged, state, p.model), plan),
            state,
            request.destination,
          ),
        }
      : {}
  return { intentOp, intentCost, tokenRequirements: requirements, ...warnings, ...alternatives }
}
