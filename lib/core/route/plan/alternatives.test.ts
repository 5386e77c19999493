import { describe, expect, it } from 'vitest'
import { buildAlternatives } from '../build/buildAlternatives'
import { accountEscrowRoute, planInput, routeState, usdc } from '../fixtures'
import { alternativePlans, MAX_ALTERNATIVES, planKey, requestablePlan } from './alternatives'
import { fundings } from './planChecks'
import { planRoute } from './planRoute'

const state = routeState({
  holdings: [
    { chainId: 10, symbol: 'USDC', locked: usdc(1200) },
    { chainId: 8453, symbol: 'USDC', unlocked: usdc(1500) },
    { chainId: 1, symbol: 'USDC', unlocked: usdc(2000) },
  ],
})
const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1000) }] })

describe('alternativePlans', () => {
  it(
    'puts the chosen plan first and adds each funding method ' + 'and each source chain that covers the request alone',
    () => {
      const chosen = planRoute(input)
      const alternatives = alternativePlans(input, chosen)
      expect(alternatives[0]).toMatchObject({ chosen: true, plan: chosen })
      expect(alternatives.filter((a) => a.chosen)).toHaveLength(1)
      const keys = alternatives.map((a) => planKey(a.plan))
      expect(new Set(keys).size).toBe(keys.length)
      // Locked on OP Mainnet and unlocked on Base or mainnet are both offered.
      expect(alternatives.some((a) => fundings(a.plan).has('COMPACT'))).toBe(true)
      expect(alternatives.some((a) => fundings(a.plan).has('PERMIT2'))).toBe(true)
      expect(alternatives.some((a) => a.plan.allocations.every((x) => x.chainId === 8453))).toBe(true)
      expect(alternatives.length).toBeLessThanOrEqual(MAX_ALTERNATIVES)
      expect(alternatives.every((a) => a.plan.fulfilled)).toBe(true)
      const others = alternatives.slice(1).map((a) => a.costUsd8)
      expect(others).toEqual([...others].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    },
  )

  it('stays within the funding method the request names', () => {
    const locked = { ...input, funding: 'COMPACT' as const }
    const alternatives = alternativePlans(locked, planRoute(locked))
    expect(alternatives.every((a) => fundings(a.plan).has('COMPACT') && fundings(a.plan).size === 1)).toBe(true)
  })

  it('leaves out plans that do not cover the request', () => {
    const big = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1400) }] })
    const alternatives = alternativePlans(big, planRoute(big))
    // 1,200 locked on OP Mainnet cannot cover 1,400: no COMPACT alternative.
    expect(alternatives.some((a) => fundings(a.plan).has('COMPACT'))).toBe(false)
  })
})

describe('buildAlternatives', () => {
  it('says what each alternative draws, its fee and the request fields that ask for it', () => {
    const alternatives = buildAlternatives(alternativePlans(input, planRoute(input)), state, 42161)
    for (const a of alternatives) {
      expect(a.sources.length).toBeGreaterThan(0)
      expect(a.feeUSD).toBeGreaterThan(0)
      expect(BigInt(a.feeAmount)).toBeGreaterThan(0n)
      expect(a.request.options.fundingMethod).toBe(a.fundingMethod)
      for (const s of a.sources)
        expect(a.request.accountAccessList.chainTokens[String(s.chainId)]).toContain(s.tokenSymbol)
      expect(a.request.options.settlementLayers).toEqual(
        [...new Set(a.sources.map((s) => s.settlementLayer).filter((l) => l !== 'SAME_CHAIN'))].sort(),
      )
    }
    const locked = alternatives.find((a) => a.fundingMethod === 'COMPACT')!
    expect(locked.sources.map((s) => [s.chainId, s.tokenSymbol])).toEqual([[10, 'USDC']])
  })
})

describe('alternatives of a route a request cannot ask for by name', () => {
  it('offers none for an account’s own escrow ops (ACCOUNT_ESCROW)', () => {
    const { plan } = accountEscrowRoute([10])
    expect(requestablePlan(plan)).toBe(false)
    expect(alternativePlans(input, plan)).toEqual([])
  })

  it('offers them for a Permit2 or lock route', () => {
    const { plan } = accountEscrowRoute([])
    expect(requestablePlan(plan)).toBe(true)
  })
})
