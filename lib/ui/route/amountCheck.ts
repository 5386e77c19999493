// The amount checked against the account's balances as it is typed, before any route is asked
// for: more than any route can draw is said at once, and an ask the destination chain already
// holds says the funds are already there (a route would only move them to where they are).
import type { AvailableBalance } from '../portfolio/availableBalance'
import { formatAmount } from '../shared/formatAmount'

export type AmountCheck = { kind: 'too-much' | 'already-there'; message: string }

export function amountCheck(
  balance: AvailableBalance,
  ask: { amount: bigint | undefined; destinationChainId: number; symbol: string; destinationChainName: string },
): AmountCheck | undefined {
  const { amount } = ask
  if (amount === undefined || amount <= 0n) return undefined
  const here = balance.chains.find((c) => c.chainId === ask.destinationChainId && c.tokenSymbol === ask.symbol)
  const held = here?.amounts.unlocked ?? 0n
  const show = (v: bigint) => formatAmount(v, balance.decimals)
  if (held >= amount) {
    return {
      kind: 'already-there',
      message: `The funds are already there: this account holds ${show(held)} ${ask.symbol} on ${ask.destinationChainName}, unlocked. A route would only move them to where they are and charge a fee.`,
    }
  }
  if (amount > balance.maxBound) {
    return {
      kind: 'too-much',
      message: `More than a route can draw: at most ${show(balance.maxBound)} ${balance.asset} before fees (a route uses either locked or unlocked funds). Ask for less, or the route will show what is missing.`,
    }
  }
  return undefined
}
