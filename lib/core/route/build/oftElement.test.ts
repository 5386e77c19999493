// An OFT element sends what the recipient must receive grossed up by the adapter's own fee; the
// route must draw at least that, whatever else it charges, or the element is never built. The
// planner prices the adapter's share on the amount sent (pricing.ts), so with nothing else charged
// the draw is exactly the grossed-up send: never short, never more.
import { describe, expect, it } from 'vitest'
import { defaultLockTag } from '../../locks/defaultLockTag'
import { defaultFeeModel } from '../feeModel'
import { eth, planInput, routeState, usdc } from '../fixtures'
import { planRoute } from '../plan/planRoute'
import type { OftQuote } from '../state/readRouteState'
import { buildElements } from './buildElements'

const account = '0x00000000000000000000000000000000000a11ce' as const
const filler = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const

describe('OFT element: the draw covers the grossed-up send', () => {
  // A 1% OFT fee, no LayerZero native fee, free gas and no protocol fee: the adapter's share is the whole fee.
  for (const wants of [usdc(25), usdc(100), usdc(12_345.678901), usdc(400)]) {
    it(`delivering ${wants} units draws exactly ${wants}·sent/received, rounded up`, () => {
      const quote: OftQuote = {
        adapter: '0x1111111111111111111111111111111111111111',
        dstEid: 30110,
        nativeFee: 0n,
        amountSentLD: 1_000_000n,
        amountReceivedLD: 990_000n,
      }
      const state = routeState({
        holdings: [
          { chainId: 10, symbol: 'USDT0', unlocked: usdc(20_000) },
          { chainId: 10, symbol: 'ETH', unlocked: eth(0.01) },
        ],
        oft: { 10: quote },
        gasPrice: { 1: 0n, 10: 0n, 8453: 0n, 42161: 0n },
      })
      const input = planInput(state, {
        destination: 42161,
        requests: [{ symbol: 'USDT0', amount: wants }],
        opsChains: [10],
        protocolBps: 0,
      })
      const plan = planRoute(input)
      expect(plan.fulfilled).toBe(true)
      const drawn = plan.allocations.reduce((sum, a) => sum + a.amount, 0n)
      const grossed = (wants * quote.amountSentLD + quote.amountReceivedLD - 1n) / quote.amountReceivedLD
      expect(drawn).toBe(grossed)
      const build = () =>
        buildElements({
          plan,
          state,
          model: defaultFeeModel(0),
          destinationChainId: 42161,
          account,
          recipient: account,
          nonce: 1n,
          fillDeadline: 1_700_000_600n,
          outputLockTag: defaultLockTag,
          using7579: true,
          destinationExecutions: [],
          preClaimExecutions: {},
          minGas: 0n,
          fillerAddress: filler,
        })
      expect(build).not.toThrow()
    })
  }
})
