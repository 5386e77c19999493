// A step counts as done only when its receipt carries the arbiter's event for this sponsor, nonce
// and filler: checked here against receipts built from the events themselves, on captured routes.
import { type AbiEvent, type Address, encodeAbiParameters, encodeEventTopics, type Hex, type Log, type TransactionReceipt } from 'viem'
import { describe, expect, it } from 'vitest'
import { arbiterAbi } from '../core/abi/arbiter'
import { lockContractAbi } from '../core/abi/theCompact'
import { addresses } from '../core/addresses'
import { fixtureIntentOp } from '../ui/route/fixtures/routes'
import { settlementPlan } from './settlementCalls'

const filler: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const other: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const zero32: Hex = `0x${'00'.repeat(32)}`

function log(address: Address, abi: readonly AbiEvent[], eventName: string, args: Record<string, unknown>): Log {
  const event = abi.find((e) => e.name === eventName)!
  const data = encodeAbiParameters(
    event.inputs.filter((i) => !i.indexed),
    event.inputs.filter((i) => !i.indexed).map((i) => args[i.name!]),
  )
  return { address, topics: encodeEventTopics({ abi: [event], eventName, args } as never), data } as unknown as Log
}
const receipt = (...logs: Log[]) => ({ logs, status: 'success' }) as unknown as TransactionReceipt
const events = arbiterAbi.filter((i) => i.type === 'event') as readonly AbiEvent[]
const lockEvents = lockContractAbi.filter((i) => i.type === 'event') as readonly AbiEvent[]

describe('settlement plan', () => {
  const permit2 = fixtureIntentOp('crossChain')
  const signatures = permit2.elements.map(() => zero32)
  const plan = settlementPlan(permit2, signatures, filler)
  const sponsor = permit2.sponsor
  const nonce = BigInt(permit2.nonce)
  const e = plan.elements[0]!

  it('orders a Permit2 route as escrow, fill, release, with a refund beside', () => {
    expect(plan.funding).toBe('PERMIT2')
    expect(e.escrow?.call.to).toBe(e.arbiter)
    expect(e.refund?.call.to).toBe(e.arbiter)
    expect(plan.fill.chainId).toBe(Number(permit2.elements.at(-1)!.mandate.destinationChainId))
  })

  it("counts an escrow only with the arbiter's Escrowed event for this sponsor, nonce and filler", () => {
    const good = { sponsor, nonce, filler, mandateHash: zero32 }
    expect(e.escrow!.proof(receipt(log(e.arbiter, events, 'Escrowed', good)))).toBe(true)
    expect(e.escrow!.proof(receipt())).toBe(false) // the nonce used, nobody paid: no proof
    expect(e.escrow!.proof(receipt(log(e.arbiter, events, 'Escrowed', { ...good, filler: other })))).toBe(false)
    expect(e.escrow!.proof(receipt(log(e.arbiter, events, 'Escrowed', { ...good, nonce: nonce + 1n })))).toBe(false)
    expect(e.escrow!.proof(receipt(log(e.arbiter, events, 'Escrowed', { ...good, sponsor: other })))).toBe(false)
    expect(e.escrow!.proof(receipt(log(other, events, 'Escrowed', good)))).toBe(false) // another contract's event
  })

  it('counts the fill only with Filled by this filler, from the destination arbiter', () => {
    const good = { sponsor, nonce, recipient: other, filler, delivered: [], fillExpiry: 1n }
    expect(plan.fill.proof(receipt(log(plan.fill.arbiter, events, 'Filled', good)))).toBe(true)
    expect(plan.fill.proof(receipt(log(plan.fill.arbiter, events, 'Filled', { ...good, filler: other })))).toBe(false)
    expect(plan.fill.proof(receipt(log(other, events, 'Filled', good)))).toBe(false)
  })

  it("counts a compact claim only with the arbiter's CompactClaimed for this filler and the lock contract's Claim", () => {
    const compact = fixtureIntentOp('compact')
    const c = settlementPlan(
      compact,
      compact.elements.map(() => zero32),
      filler,
    )
    expect(c.funding).toBe('COMPACT')
    const el = c.elements[0]!
    const attestation = {
      sponsor: compact.sponsor,
      nonce: BigInt(compact.nonce),
      recipient: other,
      delivered: [],
      filler,
      destinationChainId: 1n,
      destinationArbiter: other,
      fillBlock: 1n,
      fillTimestamp: 1n,
    }
    const step = el.payout({ attestation, signature: zero32 })
    const claimed = log(el.arbiter, events, 'CompactClaimed', { sponsor: compact.sponsor, nonce: BigInt(compact.nonce), claimant: filler, claimHash: zero32 })
    const claim = log(addresses.theCompact, lockEvents, 'Claim', { sponsor: compact.sponsor, arbiter: el.arbiter, claimHash: zero32, nonce: BigInt(compact.nonce) })
    expect(step.proof(receipt(claimed, claim))).toBe(true)
    expect(step.proof(receipt(claim))).toBe(false)
    expect(step.proof(receipt(claimed))).toBe(false)
    expect(step.proof(receipt(log(el.arbiter, events, 'CompactClaimed', { sponsor: compact.sponsor, nonce: BigInt(compact.nonce), claimant: other, claimHash: zero32 }), claim))).toBe(false)
  })
})
