// Settles one submitted intent, step by step, from whatever state the database says it is in.
// The filler is paid only against proof that it delivered:
//   PERMIT2 (escrow with refund)
//     PENDING  → checks (deadline, nonce unused, attester alive, prices within tolerance for a
//                cross-asset route, every escrow and the fill simulated), then each element's
//                escrow into its origin arbiter
//     CLAIMED  → the fill on the destination chain
//     FILLED   → once the attester signed the fill: each escrow released to the filler
//   COMPACT (fill first)
//     PENDING  → checks (deadline, nonce unused, lock balances, attester alive, prices, fill
//                simulated), then each element's allocation (its claim registered, so nothing the
//                sponsor does afterwards can stop it), then the fill from the filler's inventory
//     FILLED   → once the attester signed the fill: each element's locks claimed
//   ACCOUNT_ESCROW (on the wire NO_FUNDING with escrow elements: core/intentOp/accountEscrow.ts)
//     as PERMIT2, each escrow being the account's own ops relayed through the intent executor
//     (simulated after its deployment before the filler pays for that)
//   NO_FUNDING (the account's own single-chain ops): settleSingleChain.ts
//   A smart account's setupOps (deployment, or the EIP-7702 delegation) and pre-claim operations
//   run before anything is taken or filled, and its destination calls (simulated after the fill
//   before anything is taken) run once the fill is paid for (lib/filler/runAccountSteps.ts)
//   → COMPLETED. Anything that cannot happen ends FAILED with the reason; what an escrow holds
//   goes back to the sponsor (refundPass: returned at once when no fill was sent, else refunded
//   once the arbiter's refund delay has passed; FAILED with refunds PENDING until then).
// The status moves only as the state machine (intentMachine.ts) allows; every change is written
// before the next step starts; each step is journaled (sendStep).
import type { Hex } from 'viem'
import { arbiterAbi, arbiterRefundDelaySeconds } from '../core/abi/arbiter'
import { getChain } from '../core/chains/chains'
import { shortReason } from '../core/errors'
import { accountEscrowParts, escrowTokens, isAccountEscrowRoute } from '../core/intentOp/accountEscrow'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { payoutDeadline, payoutSeconds } from '../core/settlement/payoutWindow'
import { findAttestation } from '../storage/attestationStore'
import { type ClaimRecord, type IntentUpdate, type RefundRecord, updateIntent } from '../storage/intentStore'
import { isSingleChainRoute } from './accountSteps'
import { deliverySteps } from './directDelivery'
import { afterSimulationRevert, finalBy, type MachineEvent, SIMULATION_ATTEMPTS, transition } from './intentMachine'
import { priceMoved } from './priceCheck'
import { refundPass } from './refundPass'
import { runAccountSteps, runDestinationOps, setupThenOps, simulateDestinationOps } from './runAccountSteps'
import { hasJournal, passJournal, type StepResult, StepRevertedError, sendStep } from './sendStep'
import { escrowShortfall, firstOf, firstRevert, lockShortfall, nonceUsedBySomeoneElse } from './settleChecks'
import type { SettleContext } from './settleContext'
import { elementPart, type SettlementPlan, type Step, settlementPlan } from './settlementCalls'
import { settleSingleChain } from './settleSingleChain'
import { unpaidGasWei } from './unpaidGas'

/** A fill (and the escrows before it) starts only with this much time left before the fill deadline. */
export const SAFETY_SECONDS = 30n

import type { SettleOutcome, SettleParameters } from './settleContext'

export type { SettleOutcome, SettleParameters }

export async function settleIntent(p: SettleParameters): Promise<SettleOutcome> {
  const { sql, intent } = p
  // The account's own single-chain ops: no escrow, fill or claim (settleSingleChain.ts).
  if (isSingleChainRoute(intent.signedIntentOp as WireIntentOp)) return settleSingleChain(p)
  const id = intent.nonce
  // This pass is the only one settling the intent: its journal is read once, and kept up to date
  // by the steps this pass signs.
  const journal = await passJournal(sql, id)
  const signed = intent.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }
  const chainOf = (chainId: number) => {
    const chain = p.chains.get(chainId)
    if (!chain) throw new Error(`no RPC URL for chain ${chainId}`)
    return chain
  }
  const claims: ClaimRecord[] = intent.claims.map((cl) => ({ ...cl }))
  /** The claim record of an element: every element has one from submission, so a missing one is a
   * bug and throws (a transient failure of this pass, as any exception). */
  const claimOf = (elementIndex: number): ClaimRecord => {
    const claim = claims[elementIndex]
    if (!claim) throw new Error(`intent ${id} has no claim record for element ${elementIndex}`)
    return claim
  }
  let refunds: RefundRecord[] = intent.refunds.map((r) => ({ ...r }))
  const depth = (chainId: number) => p.confirmations?.(chainId) ?? 0
  const accountRun = { sql, intent, chainOf, confirmations: depth, log: p.log }

  const fail = async (reason: string, plan?: SettlementPlan): Promise<SettleOutcome> => {
    // Whatever an escrow may hold goes back to the sponsor: the refund pass reads each on chain.
    if (plan?.funding === 'PERMIT2') {
      for (const e of plan.elements) {
        const escrowed =
          claims[e.elementIndex]?.status === 'COMPLETED' ||
          (await hasJournal(sql, id, `escrow:${e.elementIndex}`, journal))
        if (escrowed && !refunds.some((r) => r.elementIndex === e.elementIndex)) {
          refunds.push({
            chainId: e.chainId,
            elementIndex: e.elementIndex,
            status: 'PENDING',
            reason: `the intent failed after this chain's escrow: ${reason}`,
          })
        }
      }
    }
    const failedClaims = claims.map((cl) => (cl.status === 'PENDING' ? { ...cl, status: 'FAILED' as const } : cl))
    const status = plan ? transition(plan.funding, intent.status, { type: 'failed' }) : 'FAILED'
    // What the sponsor's failed intent cost the filler in gas counts against the sponsor's budget.
    const unpaidGas = await unpaidGasWei(sql, id, chainOf).catch(() => undefined)
    const unpaid = unpaidGas ? { unpaidGasWei: unpaidGas } : {}
    await updateIntent(sql, id, { status, failureReason: reason, claims: failedClaims, refunds, ...unpaid })
    intent.status = status
    p.log('intent failed', { id, reason, refunds: refunds.length })
    if (plan && refunds.length > 0) return refundsOf(plan)
    return 'final'
  }

  let plan: SettlementPlan
  try {
    const last = signed.elements.at(-1)
    if (!last) throw new Error('the intent has no elements')
    const destination = chainOf(Number(last.mandate.destinationChainId))
    plan = settlementPlan(signed, signed.originSignatures, destination.account.address)
  } catch (error) {
    return fail(`cannot be settled: ${shortReason(error)}`)
  }
  const deadline = BigInt(intent.fillDeadline)
  const expires = BigInt(intent.expires)
  const now = async () => {
    const block = await chainOf(plan.fill.chainId).client.getBlock({ blockTag: 'latest' })
    const wall = p.nowSeconds()
    return block.timestamp > wall ? block.timestamp : wall
  }
  const c: SettleContext = { sql, intent, id, plan, chainOf, depth, now, log: p.log }
  const delivery = deliverySteps(plan.fill, chainOf(plan.fill.chainId).account.address)

  async function refundsOf(plan: SettlementPlan): Promise<SettleOutcome> {
    const pass = await refundPass({ ...c, plan }, refunds)
    refunds = pass.refunds
    return pass.waiting ? 'waiting' : 'final'
  }

  /** Moves the status as the state machine allows, with whatever else changed. */
  const advance = async (event: MachineEvent, update: IntentUpdate = {}) => {
    const status = transition(plan.funding, intent.status, event)
    await updateIntent(sql, id, { ...update, status })
    intent.status = status
  }

  /** A simulation reverted: tried again after a back-off, then FAILED (with refunds). The count is
   * kept with the intent, so a restarted filler goes on counting where the last one stopped. */
  const reverted = async (reason: string, refundable?: SettlementPlan): Promise<SettleOutcome> => {
    const attempt = intent.simulationReverts + 1
    await updateIntent(sql, id, { simulationReverts: attempt })
    intent.simulationReverts = attempt
    if (afterSimulationRevert(attempt - 1) === 'fail') return fail(reason, refundable)
    p.log('simulation reverted; trying again later', { id, attempt, of: SIMULATION_ATTEMPTS, reason })
    return 'reverted'
  }

  /** A step threw: a revert (simulated or mined) ends the intent; anything else is transient. */
  const stepFailed = (
    error: unknown,
    reason: (message: string) => string,
    refundable?: SettlementPlan,
  ): Promise<SettleOutcome> => {
    if (!(error instanceof StepRevertedError)) throw error
    return error.simulated ? reverted(reason(error.message), refundable) : fail(reason(error.message), refundable)
  }

  const attestation = async () => {
    const stored = await findAttestation(sql, plan.fill.chainId, intent.sponsor, id)
    return stored ? { attestation: stored.attestation, signature: stored.signature } : undefined
  }

  /** Whether this pass valued the intent at current prices already (preflight): the fill that
   * follows in the same pass does not read them again. */
  let pricesRead = false

  /** The checks before anything is sent; an outcome when the intent cannot go on now. The reads
   * are asked at once; the first reason in this order counts. */
  const preflight = async (escrows: SettlementPlan['elements']): Promise<SettleOutcome | undefined> => {
    const [time, used, short, alive, moved] = await Promise.all([
      now(),
      nonceUsedBySomeoneElse(c),
      plan.funding === 'COMPACT' ? lockShortfall(c) : undefined,
      p.attesterAlive(),
      priceMoved(signed, plan, p.chains),
    ])
    pricesRead = true
    if (time + SAFETY_SECONDS >= deadline)
      return fail(`expired: not filled before its fill deadline ${deadline}; nothing was taken`)
    if (used) return fail(used)
    if (short) return fail(short)
    if (moved) return fail(`${moved}; nothing was taken`)
    if (!alive) return 'waiting'
    const late = await tooLateToBePaid(true)
    if (late) return fail(`${late}; nothing was taken`)
    // The account's own escrow ops: its balances read, and the ops simulated after its deployment,
    // before the filler pays for that.
    if (isAccountEscrowRoute(signed)) {
      const short = await escrowShortfall(
        c,
        accountEscrowParts(signed).escrows.map((e) => ({ chainId: Number(e.chainId), tokens: escrowTokens(e) })),
      )
      if (short) return fail(short)
      const together = await setupThenOps(
        signed,
        escrows.map((e) => elementPart(e, 'escrow')),
        chainOf,
      )
      if (together) return fail(together)
    }
    // Calls on arrival that would revert fail the intent before the filler pays for a deployment.
    const callsFirst = await simulateDestinationOps(intent, chainOf, plan.fill.call, { beforeSetup: true })
    if (callsFirst) return reverted(callsFirst)
    const accountFailure = await runAccountSteps(accountRun)
    if (accountFailure) return fail(accountFailure)
    const wouldRevert = await firstOf([
      firstRevert(
        c,
        escrows.map((e) => ({ what: `the escrow of element ${e.elementIndex}`, call: elementPart(e, 'escrow').call })),
      ),
      simulateDestinationOps(intent, chainOf, plan.fill.call),
    ])
    return wouldRevert ? reverted(wouldRevert) : undefined
  }

  /** Sends one step per element at once (each on its own origin chain, or batched on a shared one);
   * what went through is handed to `done` in element order, then the first failure counts. */
  const eachElement = async (
    elements: SettlementPlan['elements'],
    step: (e: SettlementPlan['elements'][number]) => Promise<StepResult>,
    done: (e: SettlementPlan['elements'][number], result: StepResult) => void,
  ): Promise<{ element: SettlementPlan['elements'][number]; error: unknown } | undefined> => {
    const results = await Promise.all(
      elements.map((element) =>
        step(element).then(
          (value) => ({ element, ok: true as const, value }),
          (error: unknown) => ({ element, ok: false as const, error }),
        ),
      ),
    )
    let failure: { element: SettlementPlan['elements'][number]; error: unknown } | undefined
    for (const r of results) {
      if (r.ok) done(r.element, r.value)
      else failure ??= { element: r.element, error: r.error }
    }
    return failure
  }

  try {
    if (intent.status === 'FAILED') return await refundsOf(plan)

    if (plan.funding === 'PERMIT2') {
      if (intent.status === 'PENDING') {
        const started =
          claims.some((cl) => cl.status === 'COMPLETED') ||
          (await Promise.all(plan.elements.map((e) => hasJournal(sql, id, `escrow:${e.elementIndex}`, journal)))).some(
            Boolean,
          )
        if (!started) {
          const stop = await preflight(plan.elements)
          if (stop) return stop
        }
        const todo = plan.elements.filter((e) => claimOf(e.elementIndex).status !== 'COMPLETED')
        const unsigned = (
          await Promise.all(todo.map((e) => hasJournal(sql, id, `escrow:${e.elementIndex}`, journal)))
        ).some((journaled) => !journaled)
        if (unsigned && (await now()) + SAFETY_SECONDS >= deadline)
          return await fail(`expired: its fill deadline ${deadline} came before every escrow was in place`, plan)
        const failure = await eachElement(
          todo,
          async (e) =>
            sendStep({
              sql,
              journal,
              intent: id,
              step: `escrow:${e.elementIndex}`,
              chain: chainOf(e.chainId),
              confirmations: depth(e.chainId),
              ...elementPart(e, 'escrow'),
            }),
          (e, result) => {
            claims[e.elementIndex] = {
              ...claimOf(e.elementIndex),
              status: 'COMPLETED',
              txHash: result.hash,
              timestamp: result.timestamp,
            }
            p.log('element escrowed', { id, element: e.elementIndex, chainId: e.chainId, tx: result.hash })
          },
        )
        if (failure) {
          await updateIntent(sql, id, { claims })
          return await stepFailed(
            failure.error,
            (m) => `the escrow of element ${failure.element.elementIndex} failed: ${m}`,
            plan,
          )
        }
        await advance({ type: 'escrowed' }, { claims })
      }
      if (intent.status === 'CLAIMED') {
        const outcome = await fill(true)
        if (outcome) return outcome
      }
      if (intent.status === 'FILLED') {
        const proof = await attestation()
        if (!proof) return await noAttestation(deadline + arbiterRefundDelaySeconds)
        const failure = await eachElement(
          plan.elements,
          (e) =>
            sendStep({
              sql,
              journal,
              intent: id,
              step: `release:${e.elementIndex}`,
              chain: chainOf(e.chainId),
              confirmations: depth(e.chainId),
              ...e.payout(proof),
            }),
          (e, result) => p.log('escrow released', { id, element: e.elementIndex, chainId: e.chainId, tx: result.hash }),
        )
        if (failure)
          return await stepFailed(
            failure.error,
            (m) => `delivered, but the release of element ${failure.element.elementIndex} failed: ${m}`,
          )
        await reconfirm([
          ...plan.elements.map((e) => ({
            name: `escrow:${e.elementIndex}`,
            chainId: e.chainId,
            step: elementPart(e, 'escrow'),
          })),
          { name: 'fill', chainId: plan.fill.chainId, step: plan.fill },
          ...plan.elements.map((e) => ({
            name: `release:${e.elementIndex}`,
            chainId: e.chainId,
            step: e.payout(proof),
          })),
        ])
      }
    } else {
      if (intent.status === 'PENDING') {
        if (!(await hasJournal(sql, id, 'fill', journal))) {
          const stop = await preflight([])
          if (stop) return stop
          // The allocator records each element, so no transfer can unfund the locks the claims need.
          const failure = await eachElement(
            plan.elements,
            async (e) =>
              sendStep({
                sql,
                journal,
                intent: id,
                step: `allocate:${e.elementIndex}`,
                chain: chainOf(e.chainId),
                confirmations: depth(e.chainId),
                ...elementPart(e, 'allocate'),
              }),
            () => {},
          )
          if (failure)
            return await stepFailed(
              failure.error,
              (m) =>
                `the allocator refused element ${failure.element.elementIndex}: ${m}; ` +
                'nothing was sent to the destination',
            )
        }
        const outcome = await fill(false)
        if (outcome) return outcome
      }
      if (intent.status === 'FILLED') {
        const proof = await attestation()
        if (!proof) return await noAttestation(expires)
        const todo = plan.elements.filter((e) => claimOf(e.elementIndex).status !== 'COMPLETED')
        const failure = await eachElement(
          todo,
          (e) =>
            sendStep({
              sql,
              journal,
              intent: id,
              step: `claim:${e.elementIndex}`,
              chain: chainOf(e.chainId),
              confirmations: depth(e.chainId),
              ...e.payout(proof),
            }),
          (e, result) => {
            claims[e.elementIndex] = {
              ...claimOf(e.elementIndex),
              status: 'COMPLETED',
              txHash: result.hash,
              timestamp: result.timestamp,
            }
            p.log('element claimed', { id, element: e.elementIndex, chainId: e.chainId, tx: result.hash })
          },
        )
        if (failure) {
          await updateIntent(sql, id, { claims })
          return await stepFailed(
            failure.error,
            (m) => `delivered, but the claim of element ${failure.element.elementIndex} failed: ${m}`,
          )
        }
        await reconfirm([
          { name: 'fill', chainId: plan.fill.chainId, step: plan.fill },
          ...plan.elements.map((e) => ({ name: `claim:${e.elementIndex}`, chainId: e.chainId, step: e.payout(proof) })),
        ])
      }
    }
    // Delivered and paid for: the route's calls, as the account (a revert leaves tokenOut with it).
    const opsFailure = await runDestinationOps(accountRun)
    if (opsFailure) return await fail(opsFailure)
    // The claims are recorded with COMPLETED (a pass stopped before this finds them in the journal).
    await advance({ type: 'paid' }, plan.funding === 'COMPACT' ? { claims } : {})
    p.log('intent completed', { id })
    return 'final'
  } catch (error) {
    // Transient (a node not answering): past its deadline the intent still ends, with refunds.
    const wall = p.nowSeconds()
    if (
      intent.status === 'FILLED' &&
      wall > finalBy({ funding: plan.funding, fillDeadline: deadline, expires, refundDelay: arbiterRefundDelaySeconds })
    ) {
      return fail(`delivered, but not paid by its final-state deadline (${shortReason(error)})`)
    }
    if (intent.status !== 'FAILED' && intent.status !== 'FILLED' && wall > expires) {
      return fail(`expired: still not settled at its expiry ${expires} (${shortReason(error)})`, plan)
    }
    throw error
  }

  /** The fill, after its checks; undefined when it is done and the intent is FILLED. */
  async function fill(escrowed: boolean): Promise<SettleOutcome | undefined> {
    const refundable = escrowed ? plan : undefined
    const nothing = escrowed ? 'the escrows are refunded' : 'nothing was taken'
    if (delivery.some((d) => journal.has(d.name)))
      return deliverFromInventory('its delivery from inventory had started')
    if (!(await hasJournal(sql, id, 'fill', journal))) {
      const [time, alive] = await Promise.all([now(), p.attesterAlive()])
      const paid = time + SAFETY_SECONDS >= deadline && (await paidOnChain())
      if (paid && time > deadline) return deliverFromInventory(`the fill deadline ${deadline} has passed`)
      // Paid for a fill a re-org undid: while it can still be mined it goes out again (below).
      if (!paid && time + SAFETY_SECONDS >= deadline)
        return fail(`expired: not filled before its fill deadline ${deadline}; ${nothing}`, refundable)
      // A fill whose payout could no longer be mined in time is never sent (core/settlement/payoutWindow.ts).
      const late = paid ? undefined : await tooLateToBePaid(false)
      if (late) return fail(`${late}; ${nothing}`, refundable)
      if (!paid && !alive) return 'waiting'
      // No free option: the prices are read again before the filler fronts a cross-asset fill.
      const moved = paid || pricesRead ? undefined : await priceMoved(signed, plan, p.chains)
      if (moved) return fail(`${moved}; ${nothing}`, refundable)
    }
    try {
      const chain = chainOf(plan.fill.chainId)
      const result = await sendStep({
        sql,
        journal,
        intent: id,
        step: 'fill',
        chain,
        confirmations: depth(plan.fill.chainId),
        call: plan.fill.call,
        proof: plan.fill.proof,
      })
      await advance(
        { type: 'filled' },
        { fill: { chainId: plan.fill.chainId, txHash: result.hash, status: 'COMPLETED', timestamp: result.timestamp } },
      )
      p.log('intent filled', { id, chainId: plan.fill.chainId, tx: result.hash })
      return undefined
    } catch (error) {
      if (error instanceof StepRevertedError && (await paidOnChain())) return deliverFromInventory(error.message)
      return stepFailed(error, (m) => `the fill failed: ${m}; ${nothing}`, refundable)
    }
  }

  /** Why a fill sent now (or, `first`, once the escrows or allocations are buried first) could not be
   * paid before its payout closes, by the latest of the wall clock and every chain's own (the refund
   * is judged on the origin's); undefined when it can. */
  async function tooLateToBePaid(first: boolean): Promise<string | undefined> {
    const blockMs = (chainId: number) => getChain(chainId)?.blockTimeMs ?? 12_000
    const fillChain = plan.fill.chainId
    const origins = plan.elements.map((e) => e.chainId)
    const heads = await Promise.all(
      [...new Set([fillChain, ...origins])].map((id) => chainOf(id).client.getBlock({ blockTag: 'latest' })),
    )
    const time = heads.reduce((t, b) => (b.timestamp > t ? b.timestamp : t), p.nowSeconds())
    const needs = payoutSeconds({
      fillBlockMs: blockMs(fillChain),
      fillDepth: Math.max(depth(fillChain), p.attesterConfirmations?.(fillChain) ?? 0),
      originBlockMs: origins.map(blockMs),
      ...(first ? { before: origins.map((id) => ({ blockMs: blockMs(id), depth: depth(id) })) } : {}),
    })
    const payBy = payoutDeadline({
      funding: plan.funding,
      fillDeadline: deadline,
      expires,
      refundDelay: arbiterRefundDelaySeconds,
    })
    if (time + needs <= payBy) return undefined
    return `expired: a fill could not be paid before ${payBy} (the confirmations it waits for)`
  }

  /** Whether the filler was paid for this intent: every element's release or claim is journaled
   * and mined (a re-org that undid the fill after them reopened the intent). */
  async function paidOnChain(): Promise<boolean> {
    const payouts: { chainId: number; hash: Hex }[] = []
    for (const e of plan.elements) {
      const entry = journal.get(`${plan.funding === 'COMPACT' ? 'claim' : 'release'}:${e.elementIndex}`)
      if (!entry) return false
      payouts.push({ chainId: e.chainId, hash: entry.hash })
    }
    const receipts = await Promise.all(
      payouts.map((x) =>
        chainOf(x.chainId)
          .client.getTransactionReceipt({ hash: x.hash })
          .catch(() => undefined),
      ),
    )
    return receipts.every((r) => r?.status === 'success')
  }

  /** Paid, and the fill can no longer be mined: the filler owes delivery, so it sends tokenOut to
   * the recipient from its inventory (lib/filler/directDelivery.ts), then the route's calls, and
   * the intent is COMPLETED with the fill recorded as that transfer. */
  async function deliverFromInventory(why: string): Promise<SettleOutcome> {
    const chain = chainOf(plan.fill.chainId)
    // Never a second delivery: only once no fill can be mined any more (the latest block is past
    // the deadline the arbiter enforces) and the arbiter does not record this intent as filled (old
    // bytes of the fill mined after all). Otherwise the pass is transient and looks again later.
    if (!delivery.some((d) => journal.has(d.name))) {
      const [latest, filled] = await Promise.all([
        chain.client.getBlock({ blockTag: 'latest' }),
        chain.client.readContract({
          address: plan.fill.call.to,
          abi: arbiterAbi,
          functionName: 'filled',
          args: [intent.sponsor, BigInt(id)],
        }),
      ])
      if (filled)
        throw new Error(
          `the arbiter records intent ${id} as filled by a transaction this journal does not hold; ` +
            'not delivering twice',
        )
      if (latest.timestamp <= deadline)
        throw new Error(
          `the fill of intent ${id} could still be mined until ${deadline}; not delivering from inventory yet`,
        )
    }
    const results = await Promise.allSettled(
      delivery.map((d) =>
        sendStep({
          sql,
          journal,
          intent: id,
          step: d.name,
          chain,
          confirmations: depth(chain.chainId),
          call: d.call,
          proof: d.proof,
        }),
      ),
    )
    const failed = results.find((r) => r.status === 'rejected')
    if (failed)
      return stepFailed(
        failed.reason,
        (m) =>
          'the fill was undone after the filler was paid and can no longer be mined; ' +
          `delivering tokenOut from the filler's inventory failed: ${m}`,
      )
    const sent = results.map((r) => (r as PromiseFulfilledResult<StepResult>).value)
    const opsFailure = await runDestinationOps(accountRun)
    if (opsFailure) return fail(opsFailure)
    const [first] = sent
    if (!first) throw new Error(`intent ${id} has nothing to deliver from inventory`)
    await advance(
      { type: 'delivered' },
      {
        fill: {
          chainId: chain.chainId,
          txHash: first.hash,
          timestamp: first.timestamp,
          status: 'COMPLETED',
          method: 'transfer',
        },
      },
    )
    p.log('fill undone after payment; tokenOut delivered from inventory', {
      id,
      why,
      chainId: chain.chainId,
      txs: sent.map((r) => r.hash),
    })
    return 'final'
  }

  /** Before COMPLETED: every step is still on chain, buried under its chain's depth, with its proof.
   * A step a re-org dropped is sent again as its journaled bytes (sendStep); one that can no longer
   * be mined throws, and the next pass takes the intent up from there. */
  async function reconfirm(steps: { name: string; chainId: number; step: Step }[]): Promise<void> {
    await Promise.all(
      steps.map((s) =>
        sendStep({
          sql,
          journal,
          intent: id,
          step: s.name,
          chain: chainOf(s.chainId),
          confirmations: depth(s.chainId),
          ...s.step,
        }),
      ),
    )
  }

  /** Filled, no attestation yet: wait for it (the scheduler wakes the intent when it is stored),
   * until the proof could no longer pay (then FAILED). */
  async function noAttestation(lastUseful: bigint): Promise<SettleOutcome> {
    if ((await now()) > lastUseful)
      return fail(`delivered, but no attestation of the fill arrived before ${lastUseful}`)
    return 'attestation'
  }
}
