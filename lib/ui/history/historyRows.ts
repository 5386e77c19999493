// Route summaries as the history page lists them: an activity feed of submitted intents, one row
// each (never merged, even for the same request), and drafts — routes never signed and submitted —
// with re-requests of one request grouped into one row (newest first, each route still listed);
// each route in words — what it delivers where, from which chains, for what fee, how far it got —
// with the link to its own page.

import { storedRoutePagePath } from '../../api/client/storedRouteApi'
import type { RouteSummaryLine } from '../../api/routeHistory'
import type { RouteStatus } from '../../core/history/summariseStoredRoute'
import { fundingLabels } from '../route/elementDetails'
import { intentStatusLabel } from '../route/intentTimeline'
import { signDeadlineFromExpires } from '../route/signDeadline'
import { anyChainToken, chainName, formatTokenAmount, tokenAmount } from '../shared/tokenAmount'

export type HistoryRoute = {
  nonce: string
  createdAt: Date
  expires: bigint
  /** The last moment it can be signed and submitted (signDeadline.ts): what the countdown follows. */
  signBy: bigint
  /** The server's verdict when the page was read, or the page's clock since (against signBy). */
  expired: boolean
  status: RouteStatus
  /** The status in a word or two ("Built", "Claimed", "Completed"). */
  statusLabel: string
  destination: string
  /** "1,000 USDC" (several tokens joined by commas); undefined when the stored route names none. */
  delivers?: string
  /** Who receives the tokens, when that is not the account itself. */
  recipient?: string
  /** Source chains by name ("Base, OP Mainnet"); empty for a shortfall. */
  sources: string
  fee?: string
  /** How the account signs, in words ("Approved via Permit2"). */
  scheme?: string
  href: string
}

export type HistoryGroup = {
  /** Unique per row: the request for drafts, the intent (its route's nonce) for activity. */
  key: string
  kind: 'activity' | 'draft'
  requestKey: string
  /** Newest first; the row shows the first. */
  routes: HistoryRoute[]
}

export function historyGroups(
  summaries: readonly RouteSummaryLine[],
  p: { nowMs: number; account: string },
): HistoryGroup[] {
  const groups = new Map<string, HistoryGroup>()
  for (const s of summaries) {
    const route = historyRoute(s, p)
    if (isSubmitted(route.status)) {
      groups.set(`intent:${s.nonce}`, {
        key: `intent:${s.nonce}`,
        kind: 'activity',
        requestKey: s.requestKey,
        routes: [route],
      })
      continue
    }
    const group = groups.get(`draft:${s.requestKey}`)
    if (group) group.routes.push(route)
    else
      groups.set(`draft:${s.requestKey}`, {
        key: `draft:${s.requestKey}`,
        kind: 'draft',
        requestKey: s.requestKey,
        routes: [route],
      })
  }
  return [...groups.values()]
}

export function historyRoute(s: RouteSummaryLine, p: { nowMs: number; account: string }): HistoryRoute {
  const expires = BigInt(s.expires)
  const signBy = signDeadlineFromExpires(expires)
  const expired = s.expired || signBy <= BigInt(Math.floor(p.nowMs / 1000))
  // The page's clock can pass the deadline of a route the server still listed as signable.
  const status = s.status === 'BUILT' && expired ? 'EXPIRED' : s.status
  const delivers = s.delivers
    .map((d) => formatTokenAmount(tokenAmount(s.destinationChainId, d.token, BigInt(d.amount))))
    .join(', ')
  const fee = s.fee ? feeText(s.fee) : undefined
  return {
    nonce: s.nonce,
    createdAt: new Date(s.createdAt),
    expires,
    signBy,
    expired,
    status,
    statusLabel: routeStatusLabel(status, s.intentStatus),
    destination: chainName(s.destinationChainId),
    ...(delivers ? { delivers } : {}),
    ...(s.recipient && s.recipient.toLowerCase() !== p.account.toLowerCase() ? { recipient: s.recipient } : {}),
    sources: s.sourceChainIds.map(chainName).join(', '),
    ...(fee ? { fee } : {}),
    ...(s.signingScheme ? { scheme: fundingLabels[s.signingScheme] } : {}),
    href: storedRoutePagePath(s.nonce, p.account),
  }
}

/** Signed and submitted: an intent, shown in the activity feed rather than among the drafts. */
export function isSubmitted(status: RouteStatus): boolean {
  return status === 'SUBMITTED' || status === 'COMPLETED' || status === 'FAILED'
}

/** Seconds from submission to the intent's last change, once it is final ("1.2 s", "3 min"). */
export function formatDuration(fromIso: string, toIso: string): string {
  const ms = Date.parse(toIso) - Date.parse(fromIso)
  if (!(ms >= 0)) return ''
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`
}

/** The status in a word or two; a submitted route by its intent's step ("Claimed", "Delivered"). */
export function routeStatusLabel(status: RouteStatus, intentStatus: RouteSummaryLine['intentStatus']): string {
  return status === 'SUBMITTED' && intentStatus ? intentStatusLabel(intentStatus) : statusLabels[status]
}

const statusLabels: Record<RouteStatus, string> = {
  BUILT: 'Built',
  EXPIRED: 'Expired',
  SHORTFALL: 'Not enough funds',
  SUBMITTED: 'Submitted',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
}

/** The fee token names an asset, not a chain: its decimals from whichever chain lists it. */
function feeText(fee: { token: string; amount: string }): string {
  const known = anyChainToken(fee.token)
  return formatTokenAmount({
    amount: BigInt(fee.amount),
    decimals: known?.decimals ?? 0,
    symbol: known?.symbol ?? fee.token,
    known: known !== undefined,
  })
}
