// A route, end to end: resolve the request against the registry, read the chains, check the
// caller's authorizations, plan the sources, build and sign the intentOp.
import { type Address, type Hex, isAddress, isAddressEqual } from 'viem'
import type { ChainReader } from '../chainState/multicallRound'
import type { TtlCache } from '../chainState/ttlCache'
import { fieldError, InvalidInputError, NoPathFoundError, UnsupportedChainError } from '../errors'
import type { PriceFeeds } from '../prices/readUsdPrices'
import type { TokenGroup } from '../tokens/tokenList'
import { type TokenInfo, tokens } from '../tokens/tokens'
import { accessPolicy, resolvePair } from './accessPolicy'
import { checkAuthorizations } from './authorizations'
import { buildCost } from './buildCost'
import { buildElements } from './buildElements'
import { buildMetadata } from './buildMetadata'
import type { FeeModel } from './feeModel'
import type { RouteResponse, WireIntentOp } from './intentOp'
import { drawable, type Plan, type PlanInput, planRoute, type TokenRequest } from './planRoute'
import { type MarketData, type RouteState, readRouteState } from './readRouteState'
import type { Execution, RouteInput } from './routeInput'
import { type RouteSigner, signRoute } from './serverSignature'
import { allowedLayers, crossChainLayers, type Layer, layerSupports } from './settlementLayers'
import { tokenRequirements } from './tokenRequirements'

/** Time after the fill deadline in which the claim may still settle. */
const CLAIM_WINDOW_SECONDS = 600n

export type GetRouteParameters = {
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
  caches?: { market: TtlCache<MarketData>; marketMaxAgeMs: number; state: TtlCache<RouteState> }
}

export async function getRoute({ input, readers, lockTags, prices, model, ttlSeconds, nonce, signer, nowSeconds, caches }: GetRouteParameters): Promise<RouteResult> {
  const served = readers.map((r) => r.chainId)
  const destination = input.destinationChainId
  if (!served.includes(destination)) throw new UnsupportedChainError(destination, 'destinationChainId')
  // The client sends an empty list for every source chain as a placeholder: only ops count.
  const preClaimExecutions = Object.fromEntries(Object.entries(input.preClaimExecutions).filter(([, ops]) => ops.length > 0))
  for (const id of Object.keys(preClaimExecutions)) if (!served.includes(Number(id))) throw new UnsupportedChainError(id, 'preClaimExecutions')

  if (input.tokenRequests.length === 0) await refuseCallOnly(input, readers.find((r) => r.chainId === destination)!)
  const requests = resolveRequests(input, served)
  const feeGroup = feeGroupOf(input.options.feeToken, requests)
  const access = accessPolicy(input.accountAccessList, served)
  const layers = allowedLayers(input.options.settlementLayers)
  for (const r of requests) assertPath(r.token, destination, served, access, layers)

  const account = input.account
  const recipient = input.recipient ?? input.account
  const executionBytes = input.destinationExecutions.reduce((n, e) => n + (e.data.length - 2) / 2, 0)
  // The caller may ask for more gas than the engine's own estimate, never for less: the fee it signs covers at least that.
  const estimatedGas = model.gas.perExecution * BigInt(input.destinationExecutions.length) + 16n * BigInt(executionBytes)
  const executionGas = input.destinationGasUnits !== undefined && input.destinationGasUnits > estimatedGas ? input.destinationGasUnits : estimatedGas
  const groups = [...new Set([...requests.map((r) => r.token.extensions.group), feeGroup])]

  const stateParameters = {
    readers,
    account: account.address,
    recipient: recipient.address,
    destinationChainId: destination,
    groups,
    lockTags,
    oftQuoteAmount: requests.filter((r) => r.token.extensions.group === 'USDT').reduce((s, r) => s + (r.amount ?? 1_000_000n), 0n) || 1_000_000n,
    nonceChains: [...new Set(input.signedAuthorizations.map((a) => a.chainId))],
    recipientNonceChains: [...new Set(input.recipientSignedAuthorizations.map((a) => a.chainId))],
    prices,
    ...(caches ? { market: { cache: caches.market, maxAgeMs: caches.marketMaxAgeMs } } : {}),
  }
  // Identical concurrent requests share one read of the chains (single flight; nothing is kept after).
  const { readers: _, market: __, ...identity } = stateParameters
  const state = caches
    ? await caches.state.get(
        JSON.stringify(identity, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
        () => readRouteState(stateParameters),
        () => 0,
      )
    : await readRouteState(stateParameters)

  const nonces = new Map([...state.chains.values()].flatMap((c) => (c.accountNonce === undefined ? [] : [[c.chainId, c.accountNonce] as const])))
  const signedAuthorizations = await checkAuthorizations({
    field: 'signedAuthorizations',
    account: account.address,
    delegations: account.delegations,
    authorizations: input.signedAuthorizations,
    nonces,
    servedChainIds: served,
  })
  const recipientNonces = new Map([...state.chains.values()].flatMap((c) => (c.recipientNonce === undefined ? [] : [[c.chainId, c.recipientNonce] as const])))
  const recipientSignedAuthorizations = await checkAuthorizations({
    field: 'recipientSignedAuthorizations',
    account: recipient.address,
    delegations: recipient.delegations,
    authorizations: input.recipientSignedAuthorizations,
    nonces: recipientNonces,
    servedChainIds: served,
  })

  assertExecutable(input, preClaimExecutions, state, recipient.address)
  // USDT0 crosses chains only as the account's own OFT send: an account that cannot run ops
  // (an EOA with no code and no delegation) has no such path.
  const executes = [...state.chains.values()].some((c) => c.accountCode !== undefined && c.accountCode !== '0x')
  const planLayers = executes ? layers : new Set([...layers].filter((l) => l !== 'OFT'))

  const sponsor = input.options.sponsorSettings
  const planInput: PlanInput = {
    destinationChainId: destination,
    requests,
    state,
    access,
    layers: planLayers,
    feeGroup,
    sponsorship: { gas: sponsor?.gasSponsored ?? false, bridge: sponsor?.bridgeFeesSponsored ?? false, swap: sponsor?.swapFeesSponsored ?? false, protocol: sponsor?.protocolFeesSponsored ?? false },
    model,
    executionGas,
    executionBytes,
  }
  const plan = planRoute(planInput)
  if (!plan.fulfilled) assertReachable(plan, planInput, executes)
  const intentCost = buildCost(plan, state, destination)
  const warnings = state.warnings.length > 0 ? { warnings: state.warnings } : {}
  if (!plan.fulfilled) return { intentOp: null, intentCost, tokenRequirements: {}, ...warnings }
  for (const id of Object.keys(preClaimExecutions)) {
    if (!plan.allocations.some((a) => a.chainId === Number(id))) {
      const message = `preClaimExecutions.${id}: the route takes no funds on chain ${id}, so these operations would never run`
      throw InvalidInputError.forField(`preClaimExecutions.${id}`, message)
    }
  }

  // An idle chain's last block can be minutes old: never let that shorten the route's lifetime.
  const chainTime = state.chains.get(destination)!.timestamp
  const now = nowSeconds !== undefined && nowSeconds > chainTime ? nowSeconds : chainTime
  const fillDeadline = fillDeadlineOf(input.options.customDeadline, now, BigInt(ttlSeconds))
  const using7579 = account.accountType === 'ERC7579' || account.accountType === 'smartAccount'
  const elements = buildElements({
    plan,
    state,
    model,
    destinationChainId: destination,
    account: account.address,
    recipient: recipient.address,
    nonce,
    fillDeadline,
    outputLockTag: lockTags[0]!,
    using7579,
    destinationExecutions: input.destinationExecutions,
    preClaimExecutions,
    minGas: executionGas,
  })
  const estimatedCalldataSize = elements.length * model.gas.calldata.base + model.gas.calldata.perToken * elements.reduce((n, e) => n + e.idsAndAmounts.length, 0) + executionBytes
  const unsigned: Omit<WireIntentOp, 'serverSignature'> = {
    sponsor: account.address,
    nonce: nonce.toString(),
    targetExecutionNonce: nonce.toString(),
    expires: (fillDeadline + CLAIM_WINDOW_SECONDS).toString(),
    elements,
    signedMetadata: buildMetadata({ plan, state, account, recipient, destinationChainId: destination, estimatedCalldataSize }),
    signedAuthorizations,
    recipientSignedAuthorizations,
  }
  const intentOp: WireIntentOp = { ...unsigned, serverSignature: await signRoute(unsigned, signer) }
  return { intentOp, intentCost, tokenRequirements: tokenRequirements(plan, state), ...warnings }
}

/** The route as the API answers it (lib/api/routeResponse.ts). */
export type RouteResult = RouteResponse

function resolveRequests(input: RouteInput, served: readonly number[]): TokenRequest[] {
  const requests = input.tokenRequests.map((r, i) => ({
    token: resolvePair(input.destinationChainId, r.tokenAddress, served, `tokenRequests.${i}.tokenAddress`),
    amount: r.amount,
  }))
  requests.forEach((r, i) => {
    if (requests.findIndex((x) => x.token === r.token) !== i) {
      const message = `tokenRequests.${i}.tokenAddress: ${r.token.symbol} is requested twice; ask for the sum once`
      throw InvalidInputError.forField(`tokenRequests.${i}.tokenAddress`, message)
    }
    if (r.amount === 0n) {
      const message = `tokenRequests.${i}.amount: must be greater than 0 (omit it to send the maximum)`
      throw InvalidInputError.forField(`tokenRequests.${i}.amount`, message)
    }
  })
  return requests
}

function feeGroupOf(feeToken: string | undefined, requests: readonly TokenRequest[]): TokenGroup {
  if (feeToken === undefined) return requests[0]!.token.extensions.group
  const match = isAddress(feeToken, { strict: false }) ? tokens.find((t) => isAddressEqual(t.address, feeToken as Address)) : tokens.find((t) => t.symbol === feeToken.toUpperCase())
  if (!match) {
    const message = `options.feeToken: Unsupported token ${feeToken} on any chain`
    throw InvalidInputError.forField('options.feeToken', message)
  }
  return match.extensions.group
}

/** The account could cover a request if every layer were allowed, but the allowed ones cannot
 * bring the funds to the destination: that is No Path Found, not a shortfall. */
function assertReachable(plan: Plan, input: PlanInput, executes: boolean) {
  for (const d of plan.deliveries.filter((x) => !x.fulfilled)) {
    const group = d.token.extensions.group
    const withAll = drawable({ ...input, layers: new Set(crossChainLayers) }, group)
    if (withAll >= d.target && withAll > drawable(input, group)) {
      const reason =
        !executes && group === 'USDT'
          ? `${d.token.symbol} moves between chains only over LayerZero OFT, sent by the account itself; an EOA without code or an EIP-7702 delegation cannot send it`
          : `the account holds ${d.token.symbol} that no allowed settlement layer can bring to chain ${input.destinationChainId}`
      throw new NoPathFoundError(reason, {
        token: d.token.address,
        destinationChainId: input.destinationChainId,
      })
    }
  }
}

/** No chain that the access list and the layers allow can ever bring this token: No Path Found. */
function assertPath(token: TokenInfo, destination: number, served: readonly number[], access: ReturnType<typeof accessPolicy>, layers: ReadonlySet<Layer>) {
  const group = token.extensions.group
  const reachable = tokens.some(
    (t) => t.extensions.group === group && served.includes(t.chainId) && access.allows(t) && (t.chainId === destination || [...layers].some((l) => layerSupports(l, group, t.chainId, destination))),
  )
  if (!reachable)
    throw new NoPathFoundError(`nothing the access list and settlement layers allow can bring ${token.symbol} to chain ${destination}`, { token: token.address, destinationChainId: destination })
}

/** Operations the route would sign must be runnable by the account that runs them: an EOA with no
 * code (no contract, no EIP-7702 delegation) cannot execute calls, so such a route could never settle. */
function assertExecutable(input: RouteInput, preClaimExecutions: Record<string, Execution[]>, state: RouteState, recipient: Address) {
  const hasCode = (code: Hex | undefined) => code !== undefined && code !== '0x'
  const destination = state.chains.get(input.destinationChainId)!
  if (input.destinationExecutions.length > 0 && !hasCode(destination.recipientCode)) {
    const message = `destinationExecutions: ${recipient} has no code on chain ${input.destinationChainId} (an EOA without an EIP-7702 delegation), so it cannot run calls there; delegate it or send tokens only`
    throw InvalidInputError.forField('destinationExecutions', message)
  }
  for (const id of Object.keys(preClaimExecutions)) {
    if (!hasCode(state.chains.get(Number(id))?.accountCode)) {
      const message = `preClaimExecutions.${id}: ${input.account.address} has no code on chain ${id} (an EOA without an EIP-7702 delegation), so it cannot run calls there`
      throw InvalidInputError.forField(`preClaimExecutions.${id}`, message)
    }
  }
}

/** A call-only intent (no tokens) would run through the intent executor, which this deployment
 * does not operate; for a recipient that cannot run calls at all, that is the clearer answer. */
async function refuseCallOnly(input: RouteInput, reader: ChainReader): Promise<never> {
  const recipient = (input.recipient ?? input.account).address
  const code = await reader.client.getCode({ address: recipient }).catch(() => undefined)
  if (!code || code === '0x') {
    const message = `destinationExecutions: ${recipient} has no code on chain ${input.destinationChainId} (an EOA without an EIP-7702 delegation), so it cannot run calls there`
    throw InvalidInputError.forField('destinationExecutions', message)
  }
  const message = 'tokenRequests: a call-only intent runs through the intent executor, which this deployment does not operate; request a token'
  throw fieldError('unprocessable', 'tokenRequests', message, {}, { code: 'UNSETTLEABLE' })
}

/** The caller's deadline when it is at least a minute away and within the route lifetime. */
function fillDeadlineOf(custom: bigint | undefined, now: bigint, ttl: bigint): bigint {
  if (custom === undefined) return now + ttl
  if (custom < now + 60n || custom > now + ttl) {
    const message = `options.customDeadline: must be between ${now + 60n} and ${now + ttl} (unix seconds: at least a minute away, at most the route lifetime of ${ttl} s)`
    throw InvalidInputError.forField('options.customDeadline', message)
  }
  return custom
}
