// What changed after a route: the account's balances per (chain, token) as they were when the route
// was submitted (a baseline, kept in this browser per account), compared with the balances read
// now. The portfolio highlights every holding whose unlocked or locked amount differs, with the delta.
import type { TokenRow } from './portfolioRows'

export type BalanceBaseline = {
  account: string
  /** The route whose submission took the baseline. */
  nonce: string
  /** Unix milliseconds. */
  takenAt: number
  /** By `${chainId}:${tokenSymbol}`: the amounts in base units. */
  balances: Record<string, { unlocked: string; locked: string }>
}

export type BalanceChange = { unlocked: bigint; locked: bigint; total: bigint }

export const holdingKey = (chainId: number, tokenSymbol: string): string => `${chainId}:${tokenSymbol}`

export function baselineOf(
  rows: readonly TokenRow[],
  o: { account: string; nonce: string; takenAt: number },
): BalanceBaseline {
  const balances: BalanceBaseline['balances'] = {}
  for (const row of rows)
    for (const c of row.chains)
      balances[holdingKey(c.chainId, c.tokenSymbol)] = {
        unlocked: c.amounts.unlocked.toString(),
        locked: c.amounts.locked.toString(),
      }
  return { account: o.account.toLowerCase(), nonce: o.nonce, takenAt: o.takenAt, balances }
}

/** Every holding read now whose amounts differ from the baseline (a holding the baseline lacks held nothing then). */
export function balanceChanges(baseline: BalanceBaseline, rows: readonly TokenRow[]): Map<string, BalanceChange> {
  const changes = new Map<string, BalanceChange>()
  for (const row of rows) {
    for (const c of row.chains) {
      const key = holdingKey(c.chainId, c.tokenSymbol)
      const before = baseline.balances[key]
      const unlocked = c.amounts.unlocked - BigInt(before?.unlocked ?? '0')
      const locked = c.amounts.locked - BigInt(before?.locked ?? '0')
      if (unlocked !== 0n || locked !== 0n) changes.set(key, { unlocked, locked, total: unlocked + locked })
    }
  }
  return changes
}

/** The chains with a changed holding. */
export function changedChains(changes: ReadonlyMap<string, BalanceChange>): Set<number> {
  return new Set([...changes.keys()].map((k) => Number(k.split(':')[0])))
}

/** "+1,000", "−1,001.49": the sign always written (a true minus sign), the amount as `show` formats it. */
export function signedDelta(delta: bigint, show: (amount: bigint) => string): string {
  return delta < 0n ? `−${show(-delta)}` : `+${show(delta)}`
}

/** A stored baseline, or undefined when what is stored is missing, malformed or another account's. */
export function parseBaseline(text: string | null | undefined, account: string): BalanceBaseline | undefined {
  if (!text) return undefined
  let stored: unknown
  try {
    stored = JSON.parse(text)
  } catch {
    return undefined
  }
  const baseline = readBaseline(stored)
  return baseline?.account === account.toLowerCase() ? baseline : undefined
}

// Checked by hand, not with zod: the portfolio reads this while it first renders, and zod is not
// part of the page's first load. Only the known fields are kept.
function readBaseline(stored: unknown): BalanceBaseline | undefined {
  if (!isRecord(stored)) return undefined
  const { account, nonce, takenAt, balances } = stored
  if (typeof account !== 'string' || typeof nonce !== 'string') return undefined
  if (typeof takenAt !== 'number' || !Number.isFinite(takenAt) || !isRecord(balances)) return undefined
  const entries: [string, { unlocked: string; locked: string }][] = []
  for (const [key, amounts] of Object.entries(balances)) {
    if (!isRecord(amounts) || !isDigits(amounts.unlocked) || !isDigits(amounts.locked)) return undefined
    entries.push([key, { unlocked: amounts.unlocked, locked: amounts.locked }])
  }
  return { account, nonce, takenAt, balances: Object.fromEntries(entries) }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isDigits = (value: unknown): value is string => typeof value === 'string' && /^\d+$/.test(value)

export const baselineStorageKey = (account: string): string => `intent-router.balance-baseline.${account.toLowerCase()}`
