// Route summaries as the history page lists them: re-requests of the same request grouped into one
// row (newest first, each route still listed), and each route in words — what it delivers where,
// from which chains, for what fee, how far it got — with the link to its own page.

import { storedRoutePagePath } from '../../api/client/storedRouteApi'
import type { RouteSummaryLine } from '../../api/routeHistory'
import type { RouteStatus } from '../../core/route/summariseStoredRoute'
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
  requestKey: string
  /** Newest first; the row shows the first. */
  routes: HistoryRoute[]
}

export function historyGroups(summaries: readonly RouteSummaryLine[], p: { nowMs: number; account: string }): HistoryGroup[] {
  const groups = new Map<string, HistoryGroup>()
  for (const s of summaries) {
    const route = historyRoute(s, p)
    const group = groups.get(s.requestKey)
    if (group) group.routes.push(route)
    else groups.set(s.requestKey, { requestKey: s.requestKey, routes: [route] })
  }
  return [...groups.values()]
}

export function historyRoute(s: RouteSummaryLine, p: { nowMs: number; account: string }): HistoryRoute {
  const expires = BigInt(s.expires)
  const signBy = signDeadlineFromExpires(expires)
  const expired = s.expired || signBy <= BigInt(Math.floor(p.nowMs / 1000))
  // The page's clock can pass the deadline of a route the server still listed as signable.
  const status = s.status === 'BUILT' && expired ? 'EXPIRED' : s.status
  const delivers = s.delivers.map((d) => formatTokenAmount(tokenAmount(s.destinationChainId, d.token, BigInt(d.amount)))).join(', ')
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
  return formatTokenAmount({ amount: BigInt(fee.amount), decimals: known?.decimals ?? 0, symbol: known?.symbol ?? fee.token, known: known !== undefined })
}
