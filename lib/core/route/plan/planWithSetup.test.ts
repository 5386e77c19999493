import { describe, expect, it } from 'vitest'
import type { ResolvedRequest } from '../request/resolveRequest'
import type { RouteState } from '../state/readRouteState'
import { planChains, planWithSetup } from './planWithSetup'
import type { Plan } from './types'

const SETUP = 350_000n
/** A request with a call on arrival (the account runs code on the destination), or without. */
const withCalls = { destination: 8453, executionGas: 60_000n, input: { destinationExecutions: [{}] } }
const request = withCalls as unknown as ResolvedRequest
const noCalls = { ...withCalls, input: { destinationExecutions: [] } } as unknown as ResolvedRequest
const state = {} as RouteState
const model = {} as never
const planOn = (chains: number[]) => ({ allocations: chains.map((chainId) => ({ chainId })) }) as unknown as Plan
/** An account undeployed everywhere except `deployed`. */
const account = (deployed: number[] = []) => ({
  setupGas: (ids: Iterable<number>) => SETUP * BigInt([...new Set(ids)].filter((c) => !deployed.includes(c)).length),
  setupBytes: 900,
})
const charges = (r: ResolvedRequest) => Object.fromEntries(r.setup?.gas ?? [])

describe('planWithSetup: deployment gas for every chain the account is deployed on, at its own prices', () => {
  it('charges three source chains and the destination: four deployments, each on its chain', () => {
    const asked: Record<number, bigint>[] = []
    const { request: charged } = planWithSetup(request, state, model, account(), (r) => {
      asked.push(charges(r))
      return planOn([10, 42161, 1])
    })
    // Each deployment is charged on its own chain (priced there), never as destination gas.
    expect(charges(charged)).toEqual({ 1: SETUP, 10: SETUP, 8453: SETUP, 42161: SETUP })
    expect(charged.executionGas).toBe(60_000n)
    expect(charged.setup?.bytes).toBe(900)
    // First only the destination is charged; the plan's chains are then added and it is planned again.
    expect(asked).toEqual([{ 8453: SETUP }, { 1: SETUP, 10: SETUP, 8453: SETUP, 42161: SETUP }])
  })

  it('without calls on arrival the destination is no deployment of its own: tokens reach the account undeployed', () => {
    const { request: charged, plan } = planWithSetup(noCalls, state, model, account(), () => planOn([10]))
    expect(charges(charged)).toEqual({ 10: SETUP })
    expect(planChains(plan, undefined)).toEqual(new Set([10]))
    // Unless the plan draws there too.
    const there = planWithSetup(noCalls, state, model, account(), () => planOn([10, 8453]))
    expect(charges(there.request)).toEqual({ 10: SETUP, 8453: SETUP })
  })

  it('charges nothing where the account already has code', () => {
    const { request: charged } = planWithSetup(request, state, model, account([8453, 10]), () => planOn([10]))
    expect(charges(charged)).toEqual({})
  })

  it('keeps a chain charged once the plan moved away from it (the fee never undercharges)', () => {
    let round = 0
    const { request: charged, plan } = planWithSetup(request, state, model, account(), () =>
      planOn(round++ === 0 ? [10] : [42161]),
    )
    expect(planChains(plan, 8453)).toEqual(new Set([8453, 42161]))
    expect(charges(charged)).toEqual({ 8453: SETUP, 10: SETUP, 42161: SETUP })
  })
})
