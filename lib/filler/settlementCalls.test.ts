// A step counts as done only when its receipt carries the arbiter's event for this sponsor, nonce
// and filler: checked here against receipts built from the events themselves, on captured routes.
import {
  type AbiEvent,
  type Address,
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  hashStruct,
  keccak256,
  type Log,
  parseAbiParameters,
  type TransactionReceipt,
  toBytes,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { arbiterAbi } from '../core/abi/arbiter'
import { intentExecutorAbi } from '../core/abi/intentExecutor'
import { lockContractAbi } from '../core/abi/theCompact'
import { addresses } from '../core/addresses'
import { accountEscrowParts, escrowMandate, escrowTokens } from '../core/intentOp/accountEscrow'
import { compactTypedData, compactTypes, mandateMessage } from '../core/intentOp/typedData'
import { defaultAllocator } from '../core/locks/defaultLockTag'
import { accountEscrowRoute } from '../core/route/fixtures'
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
    expect(e.returnEscrow?.call.to).toBe(e.arbiter)
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
    const mandateHashes = permit2.elements.map((e) =>
      hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandateMessage(e) }),
    )
    const good = { sponsor, nonce, recipient: other, filler, delivered: [], fillExpiry: 1n, mandateHashes }
    expect(plan.fill.proof(receipt(log(plan.fill.arbiter, events, 'Filled', good)))).toBe(true)
    expect(plan.fill.proof(receipt(log(plan.fill.arbiter, events, 'Filled', { ...good, filler: other })))).toBe(false)
    expect(plan.fill.proof(receipt(log(other, events, 'Filled', good)))).toBe(false)
    expect(plan.fill.proof(receipt(log(plan.fill.arbiter, events, 'Filled', { ...good, mandateHashes: [] })))).toBe(
      false,
    ) // a fill of other mandates
  })

  // A captured compact route, its plan with placeholder signatures, and an attestation naming this filler.
  const compact = fixtureIntentOp('compact')
  const c = settlementPlan(
    compact,
    compact.elements.map(() => zero32),
    filler,
  )
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
    mandateHashes: [],
  }

  it(
    "counts a compact claim only with the arbiter's " + "CompactClaimed for this filler and the lock contract's Claim",
    () => {
      expect(c.funding).toBe('COMPACT')
      const el = c.elements[0]!
      const step = el.payout({ attestation, signature: zero32 })
      const claimed = log(el.arbiter, events, 'CompactClaimed', {
        sponsor: compact.sponsor,
        nonce: BigInt(compact.nonce),
        claimant: filler,
        claimHash: zero32,
      })
      const claim = log(addresses.theCompact, lockEvents, 'Claim', {
        sponsor: compact.sponsor,
        allocator: defaultAllocator,
        arbiter: el.arbiter,
        claimHash: zero32,
        nonce: BigInt(compact.nonce),
      })
      expect(step.proof(receipt(claimed, claim))).toBe(true)
      expect(
        step.proof(
          receipt(
            claimed,
            log(addresses.theCompact, lockEvents, 'Claim', {
              sponsor: compact.sponsor,
              allocator: other,
              arbiter: el.arbiter,
              claimHash: zero32,
              nonce: BigInt(compact.nonce),
            }),
          ),
        ),
      ).toBe(false)
      expect(step.proof(receipt(claim))).toBe(false)
      expect(step.proof(receipt(claimed))).toBe(false)
      expect(
        step.proof(
          receipt(
            log(el.arbiter, events, 'CompactClaimed', {
              sponsor: compact.sponsor,
              nonce: BigInt(compact.nonce),
              claimant: other,
              claimHash: zero32,
            }),
            claim,
          ),
        ),
      ).toBe(false)
    },
  )

  it(
    "sends The Compact's own struct claim: batch multichain on the " +
      'notarized chain, exogenous after, paying the proven filler',
    () => {
      const typed = compactTypedData(compact)
      const hashes = typed.message.elements.map((data) =>
        hashStruct({ types: compactTypes, primaryType: 'Element', data }),
      )
      for (const el of c.elements) {
        const { functionName, args } = decodeFunctionData({
          abi: arbiterAbi,
          data: el.payout({ attestation, signature: zero32 }).call.data,
        })
        expect(functionName).toBe(el.elementIndex === 0 ? 'claimCompact' : 'claimCompactExogenous')
        const payload = args[0] as unknown as {
          witness: Hex
          witnessTypestring: string
          additionalChains: Hex[]
          claims: { id: bigint; allocatedAmount: bigint; portions: { claimant: bigint; amount: bigint }[] }[]
          chainIndex?: bigint
          notarizedChainId?: bigint
        }
        const signed = typed.message.elements[el.elementIndex]!
        expect(payload.witness).toBe(hashStruct({ types: compactTypes, primaryType: 'Mandate', data: signed.mandate }))
        expect(payload.additionalChains).toEqual(hashes.filter((_, i) => i !== el.elementIndex))
        expect(payload.claims.map((x) => [x.id, x.allocatedAmount])).toEqual(
          compact.elements[el.elementIndex]!.idsAndAmounts.map(([id, amount]) => [BigInt(id), BigInt(amount)]),
        )
        expect(payload.claims.flatMap((x) => x.portions.map((p) => p.claimant))).toEqual(
          payload.claims.map(() => BigInt(filler)),
        )
        if (el.elementIndex > 0)
          expect([payload.chainIndex, payload.notarizedChainId]).toEqual([
            BigInt(el.elementIndex - 1),
            BigInt(compact.elements[0]!.chainId),
          ])
        // The Compact rebuilds this element's hash from the witness and "Mandate(" + witnessTypestring + ")".
        const elementTypehash = keccak256(
          toBytes(
            'Element(address arbiter,uint256 chainId,Lock[] commitments,Mandate mandate)Lock(bytes12 ' +
              `lockTag,address token,uint256 amount)Mandate(${payload.witnessTypestring})`,
          ),
        )
        const lockHashes = signed.commitments.map((data) =>
          hashStruct({ types: compactTypes, primaryType: 'Lock', data }),
        )
        const rebuilt = keccak256(
          encodeAbiParameters(parseAbiParameters('bytes32, address, uint256, bytes32, bytes32'), [
            elementTypehash,
            signed.arbiter,
            signed.chainId,
            keccak256(concat(lockHashes)),
            payload.witness,
          ]),
        )
        expect(rebuilt).toBe(hashes[el.elementIndex])
        expect(el.allocate!.call.to.toLowerCase()).toBe(defaultAllocator)
      }
    },
  )
})

describe('settlement plan of an ACCOUNT_ESCROW route (the account’s own escrow ops)', () => {
  const { account: sponsor, elements } = accountEscrowRoute()
  const intentOp = { ...fixtureIntentOp('crossChain'), sponsor, nonce: '77', elements }
  const plan = settlementPlan(
    intentOp,
    elements.map(() => zero32),
    filler,
  )
  const e = plan.elements[0]!
  const [escrowElement] = accountEscrowParts(intentOp).escrows
  const tokens = escrowTokens(escrowElement!)
  const mandateHash = hashStruct({
    types: compactTypes,
    primaryType: 'Mandate',
    data: escrowMandate(escrowElement!, 8453),
  })

  it('escrows by relaying the signed ops with the gas the route charged, fills on the destination, no step there', () => {
    expect(plan.funding).toBe('PERMIT2') // escrow with refund
    expect(plan.elements.map((x) => x.chainId)).toEqual([10])
    expect(e.escrow!.call.to).toBe(addresses.intentExecutor)
    expect(e.escrow!.gasLimit).toBe(BigInt(escrowElement!.mandate.minGas) + 200_000n)
    expect(decodeFunctionData({ abi: intentExecutorAbi, data: e.escrow!.call.data }).functionName).toBe(
      'executeSinglechainOpsFor',
    )
    expect(plan.fill.chainId).toBe(8453)
    expect(e.refund?.call.to).toBe(e.arbiter)
    expect(e.returnEscrow?.call.to).toBe(e.arbiter)
  })

  it('counts the escrow only when the arbiter recorded exactly this mandate and these tokens', () => {
    const good = { sponsor, nonce: 77n, mandateHash, tokens }
    const escrowed = (args: Record<string, unknown>, at: Address = e.arbiter) =>
      e.escrow!.proof(receipt(log(at, events, 'EscrowedFromAccount', args)))
    expect(escrowed(good)).toBe(true)
    expect(e.escrow!.proof(receipt())).toBe(false) // the ops ran (or a hostile account said so), nothing escrowed
    // A hostile account's code escrowing less than the route draws, for the same mandate.
    expect(escrowed({ ...good, tokens: tokens.map((t) => ({ ...t, amount: t.amount - 1n })) })).toBe(false)
    expect(escrowed({ ...good, tokens: [] })).toBe(false)
    expect(escrowed({ ...good, mandateHash: zero32 })).toBe(false) // another mandate (another fill)
    expect(escrowed({ ...good, nonce: 78n })).toBe(false)
    expect(escrowed({ ...good, sponsor: other })).toBe(false)
    expect(escrowed(good, other)).toBe(false) // another contract's event
  })

  it('fills the escrowed mandate (not the destination element) and releases against it', () => {
    const good = { sponsor, nonce: 77n, recipient: sponsor, filler, delivered: [], fillExpiry: 1n }
    const filled = (mandateHashes: Hex[]) =>
      plan.fill.proof(receipt(log(plan.fill.arbiter, events, 'Filled', { ...good, mandateHashes })))
    expect(filled([mandateHash])).toBe(true)
    expect(filled([mandateHash, mandateHash])).toBe(false)
    const attestation = {
      ...good,
      delivered: [],
      destinationChainId: 8453n,
      destinationArbiter: plan.fill.arbiter,
      fillBlock: 1n,
      fillTimestamp: 1n,
      mandateHashes: [mandateHash],
    }
    const release = e.payout({ attestation, signature: zero32 })
    expect(release.call.to).toBe(e.arbiter)
    const call = decodeFunctionData({ abi: arbiterAbi, data: release.call.data })
    expect(call.functionName).toBe('release')
    const released = (call.args as unknown as [Address, bigint, unknown])[2]
    expect(hashStruct({ types: compactTypes, primaryType: 'Mandate', data: released as never })).toBe(mandateHash)
  })
})
