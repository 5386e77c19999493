// The L1 data fee the route charges covers the transactions the filler sends (OP-stack chains charge
// it per transaction from its calldata). For each funding method, the filler's real calls for a route
// are built and their Ecotone L1 gas (16 per non-zero byte, 4 per zero byte, 68 bytes of transaction
// envelope each) is compared with what the fee model charges for that element or fill.
import { type Address, type Hex, hexToBytes, size } from 'viem'
import { describe, expect, it } from 'vitest'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { defaultFeeModel } from '../core/route/feeModel'
import { accountEscrowRoute } from '../core/route/fixtures'
import type { FundingMethod } from '../core/route/settlementLayers'
import { fixtureIntentOp } from '../ui/route/fixtures/routes'
import { destinationStep, singleChainSteps } from './accountSteps'
import { settlementPlan } from './settlementCalls'

const filler = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
// The longest signature the API accepts (a smart account's validator may take trailing bytes).
const signature = `0x${'ab'.repeat(1_024)}` as Hex
const model = defaultFeeModel(3)

/** A transaction's Ecotone L1 gas. */
function l1Gas(data: Hex): number {
  let gas = 68 * 16
  for (const byte of hexToBytes(data)) gas += byte === 0 ? 4 : 16
  return gas
}

/** What the model charges for `bytes` (l1DataFee: non-zero bytes and one envelope). */
const charged = (bytes: number) => (bytes + 68) * 16

const attestationOf = (intentOp: WireIntentOp, tokens: number) => ({
  attestation: {
    sponsor: intentOp.sponsor,
    nonce: BigInt(intentOp.nonce),
    recipient: intentOp.sponsor,
    delivered: Array.from({ length: tokens }, () => ({ token: filler, amount: 10n ** 24n })),
    filler,
    destinationChainId: 8453n,
    destinationArbiter: filler,
    fillBlock: 123_456_789n,
    fillTimestamp: 1_800_000_000n,
    mandateHashes: intentOp.elements.map(() => `0x${'cd'.repeat(32)}` as Hex),
  },
  signature: `0x${'ef'.repeat(65)}` as Hex,
})

function measured(intentOp: WireIntentOp) {
  const plan = settlementPlan(
    intentOp,
    intentOp.elements.map(() => signature),
    filler,
  )
  const elements = plan.elements.map((e) => {
    const element = intentOp.elements[e.elementIndex]
    const tokens = element?.idsAndAmounts.length ?? 0
    const first = (e.escrow ?? e.allocate)?.call.data
    const payout = e.payout(attestationOf(intentOp, tokens)).call.data
    return { tokens, gas: (first ? l1Gas(first) : 0) + l1Gas(payout) }
  })
  return { elements, fill: l1Gas(plan.fill.call.data) }
}

describe('the L1 data fee charged covers the calldata the filler sends', () => {
  const routes: [string, FundingMethod, WireIntentOp][] = [
    ['Permit2 escrow and release', 'PERMIT2', fixtureIntentOp('crossChain') as WireIntentOp],
    ['compact allocation and claim', 'COMPACT', fixtureIntentOp('compact') as WireIntentOp],
    [
      "an account's escrow ops and release",
      'ACCOUNT_ESCROW',
      {
        ...(fixtureIntentOp('crossChain') as WireIntentOp),
        nonce: '77',
        sponsor: accountEscrowRoute().account,
        elements: accountEscrowRoute().elements,
      },
    ],
  ]
  for (const [what, funding, intentOp] of routes) {
    it(`${what} (${funding})`, () => {
      const { elements, fill } = measured(intentOp)
      const rule = model.gas.calldata.claim[funding]
      const sig = model.gas.calldata.signature
      for (const e of elements) expect(e.gas).toBeLessThanOrEqual(charged(rule.base + rule.perToken * e.tokens + sig))
      const delivered = intentOp.elements.reduce((n, e) => n + e.mandate.tokenOut.length, 0)
      const fillRule = model.gas.calldata.fill
      expect(fill).toBeLessThanOrEqual(charged(fillRule.base + fillRule.perToken * delivered))
    })
  }

  it("an account's OFT send relayed by the filler (NO_FUNDING)", () => {
    const intentOp = fixtureIntentOp('oft') as WireIntentOp
    const rule = model.gas.calldata.claim.NO_FUNDING
    for (const step of singleChainSteps(
      intentOp,
      intentOp.elements.map(() => signature),
      filler,
    )) {
      expect(l1Gas(step.call.data)).toBeLessThanOrEqual(charged(rule.base + model.gas.calldata.signature))
    }
  })

  // Calls on arrival: the executor's transaction carries them (charged as executionBytes) under the
  // account's signature, beside the fill.
  const call = { to: filler, value: 0n, data: `0x${'12'.repeat(68)}` as Hex }
  const opsCharge = (calls: readonly { data: Hex }[]) =>
    charged(calls.reduce((n, c) => n + size(c.data), 0) + model.gas.calldata.accountOps + model.gas.calldata.signature)
  it("calls on arrival of an account's escrow route (its destination element's ops)", () => {
    const { elements, account } = accountEscrowRoute([10], [call])
    const intentOp = { ...(fixtureIntentOp('crossChain') as WireIntentOp), nonce: '77', sponsor: account, elements }
    const step = destinationStep(
      intentOp,
      intentOp.elements.map(() => signature),
      filler,
    )
    if (!step) throw new Error('expected a destination step')
    expect(l1Gas(step.call.data)).toBeLessThanOrEqual(opsCharge([call]))
  })

  it('calls on arrival of a Permit2 route (the executor checks the Permit2 signature)', () => {
    const intentOp = fixtureIntentOp('executions') as WireIntentOp
    const step = destinationStep(
      intentOp,
      intentOp.elements.map(() => signature),
      filler,
    )
    if (!step) throw new Error('expected a destination step')
    const calls = intentOp.elements.at(-1)?.mandate.destinationOps.ops ?? []
    expect(l1Gas(step.call.data)).toBeLessThanOrEqual(opsCharge(calls))
  })
})
