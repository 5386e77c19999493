// Settles one submitted intent, step by step, from whatever state the database says it is in.
// The filler is paid only against proof that it delivered:
//   PERMIT2 (escrow with refund)
//     PENDING  → checks (deadline, nonce unused, attester alive, every escrow and the fill
//                simulated), then each element's escrow into its origin arbiter
//     CLAIMED  → the fill on the destination chain
//     FILLED   → once the attester signed the fill: each escrow released to the filler
//   COMPACT (fill first)
//     PENDING  → checks (deadline, nonce unused, lock balances, attester alive, fill simulated),
//                then the fill from the filler's inventory
//     FILLED   → once the attester signed the fill: each element's locks claimed
//   A smart account's setupOps (deployment, or the EIP-7702 delegation) and pre-claim operations
//   run before anything is taken or filled, and its destination calls (simulated after the fill
//   before anything is taken) run once the fill is paid for (lib/filler/runAccountSteps.ts)
//   → COMPLETED. Anything that cannot happen ends FAILED with the reason; what an escrow holds
//   is then refunded (FAILED with refunds PENDING until the arbiter's refund delay has passed).
// Every state change is written before the next step starts; each step is journaled (sendStep).
import type { Address, Hex } from 'viem'
import { arbiterRefundDelaySeconds, escrowStatus } from '../core/abi/arbiter'
import { lockContractAbi, resetPeriodSeconds } from '../core/abi/theCompact'
import { addresses } from '../core/addresses'
import { shortReason } from '../core/errors'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import type { FillAttestation } from '../core/settlement/attestation'
import { type ClaimRecord, findAttestation, type RefundRecord, type StoredIntent, updateIntent } from '../storage/intentStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from './fillerChains'
import { runAccountSteps, runDestinationOps, simulateDestinationOps } from './runAccountSteps'
import { hasJournal, read, revertReason, StepRevertedError, sendStep } from './sendStep'
import { lockNeeds, type SettlementPlan, type Step, settlementPlan } from './settlementCalls'

/** A fill (and the escrows before it) starts only with this much time left before the fill deadline. */
export const SAFETY_SECONDS = 30n

/** What one pass over an intent came to: the scheduler backs off an intent that is waiting. */
export type SettleOutcome = 'final' | 'progress' | 'waiting'

export type SettleParameters = {
  sql: Pick<Sql, 'query'>
  intent: StoredIntent
  chains: Map<number, FillerChain>
  nowSeconds: () => bigint
  log: (event: string, fields: Record<string, unknown>) => void
  /** Blocks each step's receipt must be buried under, per chain. */
  confirmations?: (chainId: number) => number
  /** Whether an attester is at work (its lease is held): no fill starts without one. */
  attesterAlive: () => Promise<boolean>
}

export async function settleIntent(p: SettleParameters): Promise<SettleOutcome> {
  const { sql, intent } = p
  const id = intent.nonce
  const signed = intent.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }
  const chainOf = (chainId: number) => {
    const chain = p.chains.get(chainId)
    if (!chain) throw new Error(`no RPC URL for chain ${chainId}`)
    return chain
  }
  const claims: ClaimRecord[] = intent.claims.map((c) => ({ ...c }))
  let refunds: RefundRecord[] = intent.refunds.map((r) => ({ ...r }))
  const depth = (chainId: number) => p.confirmations?.(chainId) ?? 0
  const accountRun = { sql, intent, chainOf, confirmations: depth, log: p.log }

  const fail = async (reason: string, plan?: SettlementPlan): Promise<SettleOutcome> => {
    // Whatever an escrow may hold goes back to the sponsor: the refund pass reads each on chain.
    if (plan?.funding === 'PERMIT2') {
      for (const e of plan.elements) {
        const escrowed = claims[e.elementIndex]?.status === 'COMPLETED' || (await hasJournal(sql, id, `escrow:${e.elementIndex}`))
        if (escrowed && !refunds.some((r) => r.elementIndex === e.elementIndex)) {
          refunds.push({ chainId: e.chainId, elementIndex: e.elementIndex, status: 'PENDING', reason: `the intent failed after this chain's escrow: ${reason}` })
        }
      }
    }
    const failedClaims = claims.map((c) => (c.status === 'PENDING' ? { ...c, status: 'FAILED' as const } : c))
    await updateIntent(sql, id, { status: 'FAILED', failureReason: reason, claims: failedClaims, refunds })
    intent.status = 'FAILED'
    p.log('intent failed', { id, reason, refunds: refunds.length })
    if (plan && refunds.length > 0) await refundPass(plan)
    return 'final'
  }

  let plan: SettlementPlan
  try {
    const destination = chainOf(Number(signed.elements.at(-1)!.mandate.destinationChainId))
    plan = settlementPlan(signed, signed.originSignatures, destination.account.address)
  } catch (error) {
    return fail(`cannot be settled: ${shortReason(error)}`)
  }
  const deadline = BigInt(intent.fillDeadline)
  const expires = BigInt(intent.expires)
  /** Wall clock or the destination chain's clock, whichever is later. */
  const now = async () => {
    const block = await chainOf(plan.fill.chainId).client.getBlock({ blockTag: 'latest' })
    const wall = p.nowSeconds()
    return block.timestamp > wall ? block.timestamp : wall
  }

  /** Sends each pending refund once the arbiter accepts it; records what each escrow became. */
  async function refundPass(plan: SettlementPlan): Promise<SettleOutcome> {
    let waiting = false
    const kept: RefundRecord[] = []
    for (const r of refunds) {
      if (r.status === 'COMPLETED') {
        kept.push(r)
        continue
      }
      const e = plan.elements[r.elementIndex]!
      const chain = chainOf(e.chainId)
      const state = await read(chain, e.escrowState!)
      if (state.status === escrowStatus.refunded) {
        kept.push({ ...r, status: 'COMPLETED' }) // refunded by the sponsor or anyone else
        continue
      }
      if (state.status !== escrowStatus.held) continue // nothing was held (or it was released): no refund to make
      const head = await chain.client.getBlock({ blockTag: 'latest' })
      if (head.timestamp <= state.refundableAfter) {
        waiting = true
        kept.push(r)
        continue
      }
      try {
        const result = await sendStep({ sql, intent: id, step: `refund:${r.elementIndex}`, chain, confirmations: depth(e.chainId), ...e.refund! })
        kept.push({ ...r, status: 'COMPLETED', txHash: result.hash, timestamp: result.timestamp })
        p.log('escrow refunded', { id, element: r.elementIndex, chainId: e.chainId, tx: result.hash })
      } catch (error) {
        if (!(error instanceof StepRevertedError)) throw error
        const after = await read(chain, e.escrowState!)
        if (after.status === escrowStatus.refunded) kept.push({ ...r, status: 'COMPLETED' })
        else {
          waiting = true
          kept.push(r)
        }
      }
    }
    refunds = kept
    await updateIntent(sql, id, { refunds })
    return waiting ? 'waiting' : 'final'
  }

  const attestation = async () => {
    const stored = await findAttestation(sql, plan.fill.chainId, intent.sponsor, id)
    return stored ? { attestation: attestationFromJson(stored.attestation), signature: stored.signature } : undefined
  }

  const nonceUsedBySomeoneElse = async (): Promise<string | undefined> => {
    for (const e of plan.elements) {
      if (await read(chainOf(e.chainId), e.nonceUsed)) return `the nonce ${id} was already used on chain ${e.chainId} (not by this filler's settlement); nothing was sent`
    }
    return undefined
  }

  try {
    if (intent.status === 'FAILED') return await refundPass(plan)

    if (plan.funding === 'PERMIT2') {
      if (intent.status === 'PENDING') {
        const started = claims.some((c) => c.status === 'COMPLETED') || (await Promise.all(plan.elements.map((e) => hasJournal(sql, id, `escrow:${e.elementIndex}`)))).some(Boolean)
        if (!started) {
          if ((await now()) + SAFETY_SECONDS >= deadline) return await fail(`expired: not filled before its fill deadline ${deadline}; nothing was taken`)
          const used = await nonceUsedBySomeoneElse()
          if (used) return await fail(used)
          if (!(await p.attesterAlive())) return 'waiting'
          const accountFailure = await runAccountSteps(accountRun)
          if (accountFailure) return await fail(accountFailure)
          const wouldRevert =
            (await firstRevert(plan.elements.map((e) => ({ what: `the escrow of element ${e.elementIndex}`, call: e.escrow!.call })))) ??
            (await simulateDestinationOps(intent, chainOf, plan.fill.call))
          if (wouldRevert) return await fail(wouldRevert)
        }
        for (const e of plan.elements) {
          if (claims[e.elementIndex]!.status === 'COMPLETED') continue
          if (!(await hasJournal(sql, id, `escrow:${e.elementIndex}`)) && (await now()) + SAFETY_SECONDS >= deadline) {
            return await fail(`expired: its fill deadline ${deadline} came before every escrow was in place`, plan)
          }
          try {
            const result = await sendStep({ sql, intent: id, step: `escrow:${e.elementIndex}`, chain: chainOf(e.chainId), confirmations: depth(e.chainId), ...e.escrow! })
            claims[e.elementIndex] = { ...claims[e.elementIndex]!, status: 'COMPLETED', txHash: result.hash, timestamp: result.timestamp }
            await updateIntent(sql, id, { claims })
            p.log('element escrowed', { id, element: e.elementIndex, chainId: e.chainId, tx: result.hash })
          } catch (error) {
            if (!(error instanceof StepRevertedError)) throw error
            return await fail(`the escrow of element ${e.elementIndex} failed: ${error.message}`, plan)
          }
        }
        await updateIntent(sql, id, { status: 'CLAIMED', claims })
        intent.status = 'CLAIMED'
      }
      if (intent.status === 'CLAIMED') {
        const outcome = await fill(true)
        if (outcome) return outcome
      }
      if (intent.status === 'FILLED') {
        const proof = await attestation()
        if (!proof) return await noAttestation(deadline + arbiterRefundDelaySeconds)
        for (const e of plan.elements) {
          try {
            const result = await sendStep({ sql, intent: id, step: `release:${e.elementIndex}`, chain: chainOf(e.chainId), confirmations: depth(e.chainId), ...e.payout(proof) })
            p.log('escrow released', { id, element: e.elementIndex, chainId: e.chainId, tx: result.hash })
          } catch (error) {
            if (!(error instanceof StepRevertedError)) throw error
            return await fail(`delivered, but the release of element ${e.elementIndex} failed: ${error.message}`)
          }
        }
        await reconfirm([
          ...plan.elements.map((e) => ({ name: `escrow:${e.elementIndex}`, chainId: e.chainId, step: e.escrow! })),
          { name: 'fill', chainId: plan.fill.chainId, step: plan.fill },
          ...plan.elements.map((e) => ({ name: `release:${e.elementIndex}`, chainId: e.chainId, step: e.payout(proof) })),
        ])
      }
    } else {
      if (intent.status === 'PENDING') {
        if (!(await hasJournal(sql, id, 'fill'))) {
          if ((await now()) + SAFETY_SECONDS >= deadline) return await fail(`expired: not filled before its fill deadline ${deadline}; nothing was taken`)
          const used = await nonceUsedBySomeoneElse()
          if (used) return await fail(used)
          const short = await lockShortfall(plan)
          if (short) return await fail(short)
          if (!(await p.attesterAlive())) return 'waiting'
          const accountFailure = await runAccountSteps(accountRun)
          if (accountFailure) return await fail(accountFailure)
          const wouldRevert = (await firstRevert([])) ?? (await simulateDestinationOps(intent, chainOf, plan.fill.call))
          if (wouldRevert) return await fail(wouldRevert)
        }
        const outcome = await fill(false)
        if (outcome) return outcome
      }
      if (intent.status === 'FILLED') {
        const proof = await attestation()
        if (!proof) return await noAttestation(expires)
        for (const e of plan.elements) {
          if (claims[e.elementIndex]!.status === 'COMPLETED') continue
          try {
            const result = await sendStep({ sql, intent: id, step: `claim:${e.elementIndex}`, chain: chainOf(e.chainId), confirmations: depth(e.chainId), ...e.payout(proof) })
            claims[e.elementIndex] = { ...claims[e.elementIndex]!, status: 'COMPLETED', txHash: result.hash, timestamp: result.timestamp }
            await updateIntent(sql, id, { claims })
            p.log('element claimed', { id, element: e.elementIndex, chainId: e.chainId, tx: result.hash })
          } catch (error) {
            if (!(error instanceof StepRevertedError)) throw error
            return await fail(`delivered, but the claim of element ${e.elementIndex} failed: ${error.message}`)
          }
        }
        await reconfirm([{ name: 'fill', chainId: plan.fill.chainId, step: plan.fill }, ...plan.elements.map((e) => ({ name: `claim:${e.elementIndex}`, chainId: e.chainId, step: e.payout(proof) }))])
      }
    }
    // Delivered and paid for: the route's calls, as the account (a revert leaves tokenOut with it).
    const opsFailure = await runDestinationOps(accountRun)
    if (opsFailure) return await fail(opsFailure)
    await updateIntent(sql, id, { status: 'COMPLETED' })
    intent.status = 'COMPLETED'
    p.log('intent completed', { id })
    return 'final'
  } catch (error) {
    // Transient (a node not answering): past every deadline the intent still ends, with refunds.
    if (intent.status !== 'FAILED' && intent.status !== 'FILLED' && p.nowSeconds() > expires) {
      return fail(`expired: still not settled at its expiry ${expires} (${shortReason(error)})`, plan)
    }
    throw error
  }

  /** The fill, after its checks; undefined when it is done and the intent is FILLED. */
  async function fill(escrowed: boolean): Promise<SettleOutcome | undefined> {
    const refundable = escrowed ? plan : undefined
    const nothing = escrowed ? 'the escrows are refunded' : 'nothing was taken'
    if (!(await hasJournal(sql, id, 'fill'))) {
      if ((await now()) + SAFETY_SECONDS >= deadline) return fail(`expired: not filled before its fill deadline ${deadline}; ${nothing}`, refundable)
      if (!(await p.attesterAlive())) return 'waiting'
    }
    try {
      const chain = chainOf(plan.fill.chainId)
      const result = await sendStep({ sql, intent: id, step: 'fill', chain, confirmations: depth(plan.fill.chainId), call: plan.fill.call, proof: plan.fill.proof })
      await updateIntent(sql, id, { status: 'FILLED', fill: { chainId: plan.fill.chainId, txHash: result.hash, status: 'COMPLETED', timestamp: result.timestamp } })
      intent.status = 'FILLED'
      p.log('intent filled', { id, chainId: plan.fill.chainId, tx: result.hash })
      return undefined
    } catch (error) {
      if (!(error instanceof StepRevertedError)) throw error
      return fail(`the fill failed: ${error.message}; ${nothing}`, refundable)
    }
  }

  /** Before COMPLETED: every step is still on chain, buried under its chain's depth, with its proof.
   * A step a re-org dropped is sent again as its journaled bytes (sendStep); one that can no longer
   * be mined throws, and the next pass takes the intent up from there. */
  async function reconfirm(steps: { name: string; chainId: number; step: Step }[]): Promise<void> {
    for (const s of steps) await sendStep({ sql, intent: id, step: s.name, chain: chainOf(s.chainId), confirmations: depth(s.chainId), ...s.step })
  }

  /** Every escrow and the fill simulated before anything is sent: the first that would revert. */
  async function firstRevert(calls: { what: string; call: SettlementPlan['fill']['call'] }[]): Promise<string | undefined> {
    for (const c of [...calls, { what: 'the fill', call: plan.fill.call }]) {
      const reason = await revertReason(chainOf(c.call.chainId), c.call)
      if (reason) return `${c.what} on chain ${c.call.chainId} would revert (${reason}); nothing was sent`
    }
    return undefined
  }

  /** Filled, no attestation yet: wait, until the proof could no longer pay (then FAILED). */
  async function noAttestation(lastUseful: bigint): Promise<SettleOutcome> {
    if ((await now()) > lastUseful) return fail(`delivered, but no attestation of the fill arrived before ${lastUseful}`)
    return 'waiting'
  }

  /** COMPACT: before the filler fronts the fill, the sponsor must not be able to escape: every lock
   * balance covers the route, no forced withdrawal could become available before the claim window
   * ends, and no lock's reset period is shorter than that window. */
  async function lockShortfall(plan: SettlementPlan): Promise<string | undefined> {
    const window = expires - (await now())
    for (const need of lockNeeds(plan)) {
      const client = chainOf(need.chainId).client
      const balance = await client.readContract({ address: addresses.theCompact, abi: lockContractAbi, functionName: 'balanceOf', args: [intent.sponsor, need.id] })
      if (balance < need.amount) return `the sponsor's lock ${need.id} on chain ${need.chainId} holds ${balance}, less than the ${need.amount} this route claims; nothing was sent`
      const period = resetPeriodSeconds[Number((need.id >> 252n) & 7n)]!
      if (period <= window) return `the lock ${need.id} on chain ${need.chainId} resets in ${period} s, sooner than the route's claim window (${window} s); nothing was sent`
      const [status, at] = await client.readContract({ address: addresses.theCompact, abi: lockContractAbi, functionName: 'getForcedWithdrawalStatus', args: [intent.sponsor, need.id] })
      if (status !== 0 && at <= expires)
        return `the sponsor enabled a forced withdrawal of lock ${need.id} on chain ${need.chainId}, available at ${at}, before the claim window ends; nothing was sent`
    }
    return undefined
  }
}

export function attestationFromJson(a: Record<string, unknown>): FillAttestation {
  const v = a as {
    sponsor: Address
    nonce: string
    recipient: Address
    delivered: { token: Address; amount: string }[]
    filler: Address
    destinationChainId: string
    destinationArbiter: Address
    fillBlock: string
    fillTimestamp: string
  }
  return {
    sponsor: v.sponsor,
    nonce: BigInt(v.nonce),
    recipient: v.recipient,
    delivered: v.delivered.map((t) => ({ token: t.token, amount: BigInt(t.amount) })),
    filler: v.filler,
    destinationChainId: BigInt(v.destinationChainId),
    destinationArbiter: v.destinationArbiter,
    fillBlock: BigInt(v.fillBlock),
    fillTimestamp: BigInt(v.fillTimestamp),
  }
}
