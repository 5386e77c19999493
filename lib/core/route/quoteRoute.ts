// A route, end to end, one stage after another: resolve the request, read the chains, check the
// caller's authorizations and operations, plan the sources, price it, build the intentOp and sign it.
import type { Hex } from 'viem'
import { nexus, nexusAccountAbi } from '../accounts/smartAccounts'
import type { ChainReader } from '../chainState/multicallRound'
import type { RouteResponse } from '../intentOp/intentOp'
import { type RouteSigner, signRoute } from '../intentOp/serverSignature'
import type { PriceFeeds } from '../prices/readUsdPrices'
import { buildCost } from './build/buildCost'
import { buildIntentOp } from './build/buildIntentOp'
import { tokenRequirements } from './build/tokenRequirements'
import type { FeeModel } from './feeModel'
import { planRequest } from './plan/planRequest'
import { accountPlan, assertAccountRuns, assertFundable, SETUP_GAS } from './request/accountSettles'
import { resolveRequest } from './request/resolveRequest'
import { routeAuthorizations } from './request/routeAuthorizations'
import type { RouteInput } from './routeInput'
import { type RouteCaches, readState } from './state/readState'

export type QuoteRouteParameters = {
  input: RouteInput
  readers: readonly ChainReader[]
  lockTags: readonly Hex[]
  prices: { chainId: number; feeds: PriceFeeds; maxAgeSeconds: number }
  model: FeeModel
  ttlSeconds: number
  nonce: bigint
  signer: RouteSigner
  /** The server's clock (unix seconds): a route's times start at the later of it and the destination's last block. */
  nowSeconds?: bigint
  /** Market data reuse (gas, L1 parameters, prices) and single flight for identical chain reads. */
  caches?: RouteCaches
}

export async function quoteRoute(p: QuoteRouteParameters): Promise<RouteResponse> {
  const request = await resolveRequest(p.input, p.readers, p.model)
  const state = await readState(request, p)
  const authorizations = await routeAuthorizations(request, state)
  const accounts = accountPlan(p.input, state)
  await assertAccountRuns(p.input, accounts, Object.keys(request.preClaimExecutions).map(Number), (chainId) => executorInstalled(p.readers, request.account.address, chainId), state)
  // The filler deploys an undeployed account (on the destination, where its calls run, and on each
  // source chain): that gas is charged with the destination calls' gas.
  const setupChains = p.input.account.setupOps.length > 0 ? [...state.chains.keys()].filter((id) => accounts.needsSetup(id)).length : 0
  const charged = { ...request, executionGas: request.executionGas + SETUP_GAS * BigInt(Math.min(setupChains, 2)) }

  const plan = planRequest(charged, state, p.model)
  const intentCost = buildCost(plan, state, request.destination)
  const warnings = state.warnings.length > 0 ? { warnings: state.warnings } : {}
  if (!plan.fulfilled) return { intentOp: null, intentCost, tokenRequirements: {}, ...warnings }

  const requirements = tokenRequirements(plan, state)
  assertFundable(accounts, requirements, request.account.address)
  const unsigned = buildIntentOp({ request: charged, plan, state, model: p.model, nonce: p.nonce, outputLockTag: p.lockTags[0]!, ttlSeconds: p.ttlSeconds, nowSeconds: p.nowSeconds, authorizations })
  const intentOp = { ...unsigned, serverSignature: await signRoute(unsigned, p.signer) }
  return { intentOp, intentCost, tokenRequirements: requirements, ...warnings }
}

/** Whether the account has the intent executor installed on a chain (false where it has no code). */
async function executorInstalled(readers: readonly ChainReader[], account: Hex, chainId: number): Promise<boolean> {
  const reader = readers.find((r) => r.chainId === chainId)
  if (!reader) return false
  const args = [2n, nexus.intentExecutor, '0x'] as const
  return reader.client.readContract({ address: account, abi: nexusAccountAbi, functionName: 'isModuleInstalled', args }).catch(() => false)
}
