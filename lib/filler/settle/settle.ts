// Settles one submitted intent from whatever status the database says it is in: the handler of
// that status (handlers.ts) decides, this driver writes its verdict and moves the status as the
// state machine allows, until the intent is final or has to wait. The account's own single-chain
// ops settle on their own (singleChain.ts). Every change is written before the next step
// starts; each step is journaled (sendStep), so a pass that stops anywhere is taken up again.
import { arbiterRefundDelaySeconds } from '../../core/abi/arbiter'
import { shortReason } from '../../core/errors'
import type { IntentStatus, RefundRecord } from '../../core/intent/intentRecords'
import type { IntentUpdate } from '../../storage/intentStore'
import { afterSimulationRevert, finalBy, SIMULATION_ATTEMPTS, transition } from '../intentMachine'
import type { SettleOutcome } from '../settleContext'
import { failureRecords } from './failure'
import { handlers } from './handlers'
import type { Pass } from './ports'
import { failed, type Verdict } from './verdict'

/** What the driver keeps of the intent between its handlers. */
export type Progress = { status: IntentStatus; simulationReverts: number; refunds: RefundRecord[] }

export async function drive(pass: Pass, progress: Progress): Promise<SettleOutcome> {
  for (;;) {
    if (progress.status === 'FAILED') return refund(pass, progress)
    const handler = handlers[pass.plan.funding][progress.status]
    if (!handler) return 'final'
    let verdict = await handler(pass).catch((error: unknown): Verdict => ({ kind: 'transient', error }))
    if (verdict.kind === 'advance') {
      // The status and what moved it, in one write: no reader sees one without the other.
      const status = transition(pass.plan.funding, progress.status, verdict.event)
      await write(pass, progress, { ...verdict.update, status })
      if (verdict.log) pass.ports.log(verdict.log.event, verdict.log.fields)
      if (status !== 'COMPLETED') continue
      pass.ports.log('intent completed', { id: pass.id })
      return 'final'
    }
    if (verdict.update) await write(pass, progress, verdict.update)
    if (verdict.kind === 'transient') verdict = pastDeadlines(pass, progress, verdict.error)
    switch (verdict.kind) {
      case 'wait':
        return verdict.outcome
      case 'revert':
        if ((await revertCounted(pass, progress, verdict.reason)) === 'retry') return 'reverted'
        await fail(pass, progress, verdict.reason, verdict.refundable ?? false)
        continue
      case 'fail':
        await fail(pass, progress, verdict.reason, verdict.refundable ?? false)
        continue
      default:
        throw new Error(`intent ${pass.id}: a ${verdict.kind} verdict after the deadline check`)
    }
  }
}

async function write(pass: Pass, progress: Progress, update: IntentUpdate): Promise<void> {
  await pass.ports.store.update(update)
  if (update.status) progress.status = update.status
  if (update.claims) pass.claims = update.claims
  if (update.refunds) progress.refunds = update.refunds
}

/** FAILED: whatever the escrows hold goes back to the sponsor (the refund pass reads each on chain). */
async function refund(pass: Pass, progress: Progress): Promise<SettleOutcome> {
  if (progress.refunds.length === 0) return 'final'
  const { refunds, waiting } = await pass.ports.store.refund(progress.refunds)
  progress.refunds = refunds
  return waiting ? 'waiting' : 'final'
}

export async function fail(pass: Pass, progress: Progress, reason: string, refundable: boolean): Promise<void> {
  const records = failureRecords({
    ...pass,
    refunds: progress.refunds,
    refundable,
    reason,
    journaled: pass.ports.journal.has,
  })
  const status = transition(pass.plan.funding, progress.status, { type: 'failed' })
  // What the sponsor's failed intent cost the filler in gas counts against the sponsor's budget.
  const unpaidGas = await pass.ports.store.unpaidGas().catch(() => undefined)
  await write(pass, progress, {
    status,
    failureReason: reason,
    ...records,
    ...(unpaidGas ? { unpaidGasWei: unpaidGas } : {}),
  })
  pass.ports.log('intent failed', { id: pass.id, reason, refunds: records.refunds.length })
}

/** A simulation reverted: counted with the intent (a restarted filler goes on counting), tried again
 * after a back-off until SIMULATION_ATTEMPTS. */
async function revertCounted(pass: Pass, progress: Progress, reason: string): Promise<'retry' | 'fail'> {
  const attempt = progress.simulationReverts + 1
  await pass.ports.store.update({ simulationReverts: attempt })
  progress.simulationReverts = attempt
  const next = afterSimulationRevert(attempt - 1)
  if (next === 'retry')
    pass.ports.log('simulation reverted; trying again later', { id: pass.id, attempt, of: SIMULATION_ATTEMPTS, reason })
  return next
}

/** A handler failed transiently (a node not answering): thrown on, but past its deadlines the intent
 * still ends. */
function pastDeadlines(pass: Pass, progress: Progress, error: unknown): Exclude<Verdict, { kind: 'transient' }> {
  const wall = pass.ports.clock.wall()
  const { funding } = pass.plan
  const final = finalBy({
    funding,
    fillDeadline: pass.deadline,
    expires: pass.expires,
    refundDelay: arbiterRefundDelaySeconds,
  })
  if (progress.status === 'FILLED' && wall > final)
    return failed(`delivered, but not paid by its final-state deadline (${shortReason(error)})`)
  if (progress.status !== 'FILLED' && wall > pass.expires)
    return failed(`expired: still not settled at its expiry ${pass.expires} (${shortReason(error)})`, {
      refundable: true,
    })
  throw error
}
