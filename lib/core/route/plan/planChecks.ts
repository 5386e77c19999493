// What every plan must satisfy, checked by the planner's unit and property tests: one signing
// scheme, one element per chain, positive amounts within 2^256 − 1, nothing drawn past what a
// source holds, and requests met exactly.
import { expect } from 'vitest'
import { groupElements } from './pricing'
import { type Allocation, MAX_UINT256, type Plan, type PlanInput } from './types'

export const fundings = (plan: Plan) => new Set(plan.allocations.map((a) => a.funding))
export const chainsOf = (plan: Plan) => [...new Set(plan.allocations.map((a) => a.chainId))].sort((a, b) => a - b)
export const spentBy = (plan: Plan, request: number | 'fee') =>
  plan.allocations.filter((a) => a.request === request).reduce((s, a) => s + a.amount, 0n)

/** Every invariant a plan must keep (fulfilled or not). */
export function expectValid(input: PlanInput, plan: Plan) {
  expect(fundings(plan).size, 'one signing scheme').toBeLessThanOrEqual(1)
  const elements = groupElements(plan.allocations) // throws on two funding methods or layers on a chain
  expect(new Set(elements.map((e) => e.chainId)).size, 'one element per chain').toBe(elements.length)
  for (const a of plan.allocations) {
    expect(a.amount).toBeGreaterThan(0n)
    expect(a.amount).toBeLessThanOrEqual(MAX_UINT256)
  }
  // No balance used twice: per lock / per unlocked balance, and per access-list cap.
  const used = new Map<string, bigint>()
  const byOrigin = new Map<string, { token: Allocation['origin']; amount: bigint }>()
  for (const a of plan.allocations) {
    const key = `${a.chainId}:${a.origin.address}:${a.funding === 'COMPACT' ? a.lockTag : 'unlocked'}`
    used.set(key, (used.get(key) ?? 0n) + a.amount)
    const o = byOrigin.get(`${a.chainId}:${a.origin.address}`) ?? { token: a.origin, amount: 0n }
    o.amount += a.amount
    byOrigin.set(`${a.chainId}:${a.origin.address}`, o)
  }
  for (const [key, amount] of used) {
    const [chainId, address, side] = key.split(':')
    const chain = input.state.chains.get(Number(chainId))
    if (!chain) throw new Error(`expectValid: ${key} draws on chain ${chainId}, which has no state`)
    const balance = chain.balances.find((b) => b.token.address === address)
    if (!balance) throw new Error(`expectValid: ${key} draws on a token chain ${chainId} holds no balance of`)
    const lock = side === 'unlocked' ? undefined : balance.locks.find((l) => l.lockTag === side)
    if (side !== 'unlocked' && !lock) throw new Error(`expectValid: ${key} draws on a lock the account does not hold`)
    const held = lock ? lock.amount : balance.unlocked
    expect(amount, `drawn from ${key}`).toBeLessThanOrEqual(held)
  }
  for (const { token: t, amount } of byOrigin.values()) {
    const cap = input.access.cap(t)
    if (cap !== undefined) expect(amount, `cap on ${t.symbol}@${t.chainId}`).toBeLessThanOrEqual(cap)
  }
  for (const d of plan.deliveries) {
    expect(d.target).toBeLessThanOrEqual(MAX_UINT256)
    expect(d.allocated).toBeLessThanOrEqual(MAX_UINT256)
  }
  expect(plan.fees.charge).toBeLessThanOrEqual(MAX_UINT256)
  if (plan.fulfilled) {
    const feeRequest = input.requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
    input.requests.forEach((r, i) => {
      if (r.amount === undefined) return
      expect(spentBy(plan, i), `request ${i}`).toBe(r.amount + (i === feeRequest ? plan.fees.charge : 0n))
    })
    if (feeRequest === -1) expect(spentBy(plan, 'fee')).toBe(plan.fees.charge)
  }
}

/** Numbers and decimal strings anywhere in a value, for the 2^256 − 1 bound. */
export function* amountsIn(value: unknown): Generator<bigint> {
  if (typeof value === 'bigint') yield value
  else if (typeof value === 'string' && /^\d+$/.test(value)) yield BigInt(value)
  else if (value instanceof Map) for (const v of value.values()) yield* amountsIn(v)
  else if (Array.isArray(value)) for (const v of value) yield* amountsIn(v)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* amountsIn(v)
}
