'use client'
// What the balances already say about the ask, before any quote: "already there, nothing to move"
// (a plain transfer of one token to the account itself, on a chain where it already holds that much
// unlocked, funds the form lets it use) or more than any route can draw. Neither is quoted by itself.
import { useAvailableBalance } from '@/lib/ui/portfolio/useAvailableBalance'
import { chainName } from '@/lib/ui/shared/tokenAmount'
import { type AmountCheck, amountCheck } from './amountCheck'
import { type RouteForm, tokenOf } from './routeForm'
import { baseUnits } from './routeRequestBody'

export function useAmountVerdict(form: RouteForm): AmountCheck | undefined {
  const first = form.tokenRequests[0]
  const token = first ? tokenOf(form, first.token) : undefined
  const holdings = useAvailableBalance(form.account, token, form.access, form.funding)
  if (!first || !token || first.max || form.tokenRequests.length !== 1 || holdings.status !== 'ready') return undefined
  const amount = baseUnits(first.amount, token)
  if (typeof amount !== 'bigint') return undefined
  const ask = {
    amount,
    destinationChainId: form.destinationChainId,
    destinationChainName: chainName(form.destinationChainId),
    symbol: token.symbol,
  }
  const check = amountCheck(holdings.balance, ask)
  if (check?.kind !== 'already-there') return check
  // Funds the reader set aside (other sources chosen, or only locked funds) are not "there" for this
  // transfer: moving others to that chain is what was asked.
  const there = holdings.balance.chains.find(
    (c) => c.chainId === form.destinationChainId && c.tokenSymbol === token.symbol,
  )
  if (!there?.usable || form.funding === 'COMPACT') return undefined
  // Calls on arrival, or another recipient, make a transfer on the same chain meaningful.
  const recipient = form.recipient.trim().toLowerCase()
  const toSelf = recipient === '' || recipient === form.account.toLowerCase()
  return toSelf && form.executions.length === 0 ? check : undefined
}
