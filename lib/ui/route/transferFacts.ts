// What the quote says about who pays and with which funds, for the card: the account kind (a smart
// account's one-time setup named as such) and locked or unlocked funds — data from the quote, so a
// route the service plans differently tomorrow (a 7702 account spending unlocked funds, a call-only
// action) reads right without the card knowing the rules.
import type { RouteAccount } from '../accounts/routeAccount'

export type FundingMethod = 'COMPACT' | 'PERMIT2' | 'NO_FUNDING'

export type TransferFacts = {
  /** Which account pays, when it is not the wallet itself; undefined for a plain wallet. */
  account?: string
  /** The one-time setup the route includes, named as such. */
  setup?: string
  funds: string
}

const fundWords: Record<FundingMethod, string> = {
  COMPACT: 'Locked funds (The Compact)',
  PERMIT2: 'Unlocked funds',
  NO_FUNDING: 'Sent by your account',
}

export function transferFacts(account: Pick<RouteAccount, 'kind'>, fundings: readonly FundingMethod[]): TransferFacts {
  const funds = [...new Set(fundings)].map((f) => fundWords[f]).join(' and ') || fundWords.PERMIT2
  if (account.kind === 'eoa') return { funds }
  const setup = 'Includes the one-time account setup fee'
  return {
    account: account.kind === 'nexus' ? 'Smart account (Nexus)' : 'Your address as a smart account (EIP-7702)',
    setup,
    funds,
  }
}
