// A stored route in one small line of a history: what it delivers where, from which chains, for
// what fee, under which signing scheme, and how far it got (built, expired, submitted, settled).
// Every field is bounded, so a summary stays under `storedRouteSummaryMaxBytes` of JSON whatever
// was stored; a route saved in an older form summarises to whatever of it still reads.
import { type Address, getAddress, type Hex, isAddress } from 'viem'
import { requestKey } from '../intentOp/requestKey'
import { decodeLockId } from '../locks/lockId'

/** The intent lifecycle's statuses (the intents store's). */
export type SubmissionStatus = 'PENDING' | 'CLAIMED' | 'FILLED' | 'COMPLETED' | 'FAILED'
export type SigningScheme = 'COMPACT' | 'PERMIT2' | 'NO_FUNDING'

/** What a history shows: submitted routes by their intent; the others by whether they can still be signed. */
export const routeStatuses = ['BUILT', 'EXPIRED', 'SHORTFALL', 'SUBMITTED', 'COMPLETED', 'FAILED'] as const
export type RouteStatus = (typeof routeStatuses)[number]

/** The parts of a stored route a summary reads (the store selects only these). */
export type StoredRouteDigest = {
  nonce: string
  createdAt: Date
  expires: string
  destinationChainId: number
  /** The validated request, hashed into `requestKey`. */
  request: unknown
  /** The intentOp's elements (source chain, tokenOut pairs, fundingMethod, recipient); null when the route has no
   * intentOp. */
  elements: readonly { chainId?: unknown; tokenOut?: unknown; fundingMethod?: unknown; recipient?: unknown }[] | null
  /** intentCost.feeToken */
  feeToken: unknown
  /** intentCost.tokenShortfall: what was asked when the account could not cover it. */
  shortfall: unknown
  /** The intent's status once the route was submitted. */
  intentStatus: SubmissionStatus | null
}

export type TokenAmountLine = { token: Address; amount: string }

export type StoredRouteSummary = {
  nonce: string
  createdAt: string
  expires: string
  expired: boolean
  destinationChainId: number
  requestKey: Hex
  /** Summed per token over the elements' tokenOut on the destination chain (or, for a shortfall, what was asked). */
  delivers: TokenAmountLine[]
  /** Who receives the tokens (the last element's mandate); null without an intentOp. */
  recipient: Address | null
  sourceChainIds: number[]
  fee: TokenAmountLine | null
  signingScheme: SigningScheme | null
  hasIntentOp: boolean
  status: RouteStatus
  intentStatus: SubmissionStatus | null
}

/** As many tokens as a request may ask for, and more chains than are served: the caps only bite on corrupt rows. */
export const summaryLimits = { delivers: 10, sourceChains: 16 } as const

/** A summary's JSON never exceeds this many bytes (the longest nonce, amounts and lists; asserted in the unit test). */
export const storedRouteSummaryMaxBytes = 2560

const schemes: readonly string[] = ['COMPACT', 'PERMIT2', 'NO_FUNDING']
const UINT256_DIGITS = 78

export function summariseStoredRoute(stored: StoredRouteDigest, nowSeconds: bigint): StoredRouteSummary {
  const expired = BigInt(stored.expires) <= nowSeconds
  const hasIntentOp = stored.elements !== null
  const elements = stored.elements ?? []
  const delivers = hasIntentOp
    ? sumByToken(elements.flatMap((e) => (Array.isArray(e.tokenOut) ? e.tokenOut.map(idAmount) : [])))
    : askedFor(stored.shortfall)
  const sourceChainIds = [...new Set(elements.map((e) => chainIdOf(e.chainId)).filter((id) => id !== undefined))].sort(
    (a, b) => a - b,
  )
  const scheme = elements
    .map((e) => e.fundingMethod)
    .find((m): m is SigningScheme => typeof m === 'string' && schemes.includes(m))
  return {
    nonce: stored.nonce,
    createdAt: stored.createdAt.toISOString(),
    expires: stored.expires,
    expired,
    destinationChainId: stored.destinationChainId,
    requestKey: requestKey(stored.request),
    delivers: delivers.slice(0, summaryLimits.delivers),
    recipient: addressOf(elements.at(-1)?.recipient) ?? null,
    sourceChainIds: sourceChainIds.slice(0, summaryLimits.sourceChains),
    fee: feeOf(stored.feeToken),
    signingScheme: scheme ?? null,
    hasIntentOp,
    status: routeStatus({ hasIntentOp, expired, intentStatus: stored.intentStatus }),
    intentStatus: stored.intentStatus,
  }
}

/** Submitted routes go by their intent (PENDING, CLAIMED and FILLED are all still settling). */
export function routeStatus(p: {
  hasIntentOp: boolean
  expired: boolean
  intentStatus: SubmissionStatus | null
}): RouteStatus {
  if (p.intentStatus === 'COMPLETED' || p.intentStatus === 'FAILED') return p.intentStatus
  if (p.intentStatus) return 'SUBMITTED'
  if (!p.hasIntentOp) return 'SHORTFALL'
  return p.expired ? 'EXPIRED' : 'BUILT'
}

function idAmount(pair: unknown): TokenAmountLine | undefined {
  if (!Array.isArray(pair) || !isDecimal(pair[0]) || !isDecimal(pair[1])) return undefined
  return { token: decodeLockId(BigInt(pair[0])).token, amount: pair[1] }
}

function askedFor(shortfall: unknown): TokenAmountLine[] {
  if (!Array.isArray(shortfall)) return []
  return sumByToken(
    shortfall.map((s: { tokenAddress?: unknown; targetAmount?: unknown }) => line(s?.tokenAddress, s?.targetAmount)),
  )
}

function feeOf(feeToken: unknown): TokenAmountLine | null {
  const f = feeToken as { tokenAddress?: unknown; amount?: unknown } | null
  return line(f?.tokenAddress, f?.amount) ?? null
}

function line(token: unknown, amount: unknown): TokenAmountLine | undefined {
  const address = addressOf(token)
  return address && isDecimal(amount) ? { token: address, amount } : undefined
}

function addressOf(value: unknown): Address | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined
}

/** Sums each token's amounts (first-seen order); a sum beyond uint256 is no amount a route carries, so it is left
 * out. */
function sumByToken(lines: readonly (TokenAmountLine | undefined)[]): TokenAmountLine[] {
  const sums = new Map<Address, bigint>()
  for (const l of lines) if (l) sums.set(l.token, (sums.get(l.token) ?? 0n) + BigInt(l.amount))
  return [...sums]
    .map(([token, amount]) => ({ token, amount: amount.toString() }))
    .filter((l) => l.amount.length <= UINT256_DIGITS)
}

function chainIdOf(value: unknown): number | undefined {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : Number.NaN
  return Number.isSafeInteger(id) && id >= 0 && id <= 0xffffffff ? id : undefined
}

function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,78}$/.test(value)
}
