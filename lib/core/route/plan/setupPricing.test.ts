// An account's deployment is priced on the chain it happens on: an Ethereum deployment costs Ethereum
// gas, whatever the destination's gas price.
import { describe, expect, it } from 'vitest'
import { GWEI, planInput, routeState, usdc } from '../fixtures'
import { planRoute } from './planRoute'

describe('setup gas per chain', () => {
  const state = routeState({
    holdings: [{ chainId: 1, symbol: 'USDC', unlocked: usdc(1_000) }],
    gasPrice: { 1: 30n * GWEI, 8453: GWEI / 100n },
  })
  const input = planInput(state, { destination: 8453, requests: [{ symbol: 'USDC', amount: usdc(100) }] })
  const gasOn = (setup: Map<number, bigint>) => planRoute({ ...input, setup: { gas: setup, bytes: 0 } }).fees.gasByChain

  it("adds each chain's deployment to that chain's gas, at that chain's gas price", () => {
    const none = gasOn(new Map())
    const both = gasOn(
      new Map([
        [1, 350_000n],
        [8453, 350_000n],
      ]),
    )
    // 350,000 gas at 30 gwei on Ethereum, at $3,000 per ETH: $31.50 (8 decimals).
    expect((both.get(1) ?? 0n) - (none.get(1) ?? 0n)).toBe(3_150_000_000n)
    // 350,000 gas at 0.01 gwei on Base: $0.0105.
    expect((both.get(8453) ?? 0n) - (none.get(8453) ?? 0n)).toBe(1_050_000n)
  })
})
