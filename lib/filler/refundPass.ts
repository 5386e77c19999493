// The refunds of a FAILED escrow-with-refund intent: each escrow still held goes back to the
// sponsor, returned at once by this filler (the arbiter's `returnEscrow`) when no fill was ever
// sent, else once the arbiter accepts the public refund (after fillDeadline + its delay); see
// escrowExit.ts. What each escrow became is recorded: refunded by the filler (with its
// transaction), by anyone else, or never held. Both are journaled steps under `refund:<element>`
// (the return as `refund:<element>:return`), so the finality watch covers them alike.
import { escrowStatus } from '../core/abi/arbiter'
import type { RefundRecord } from '../core/intent/intentRecords'
import { updateIntent } from '../storage/intentStore'
import type { FillerChain } from '../worker/fillerChains'
import { escrowExit } from './escrowExit'
import { hasJournal, read, StepRevertedError, sendStep } from './sendStep'
import type { SettleContext } from './settleContext'
import { type ElementPlan, elementPart, type Step } from './settlementCalls'

/** Sends each pending refund the arbiter accepts now; 'waiting' while one is not refundable yet. */
export async function refundPass(
  c: SettleContext,
  refunds: RefundRecord[],
): Promise<{ refunds: RefundRecord[]; waiting: boolean }> {
  let waiting = false
  const kept: RefundRecord[] = []
  const fillSent = c.intent.fill !== null || (await hasJournal(c.sql, c.id, 'fill'))
  for (const r of refunds) {
    if (r.status === 'COMPLETED') {
      kept.push(r)
      continue
    }
    const e = c.plan.elements[r.elementIndex]
    if (!e) throw new Error(`intent ${c.id} has a refund of element ${r.elementIndex}, which its plan does not have`)
    const chain = c.chainOf(e.chainId)
    const state = await read(chain, elementPart(e, 'escrowState'))
    if (state.status === escrowStatus.refunded) {
      kept.push({ ...r, status: 'COMPLETED' }) // refunded by the sponsor or anyone else
      continue
    }
    if (state.status !== escrowStatus.held) continue // nothing was held (or it was released): no refund to make
    let returnRefused = false
    if (escrowExit({ fillSent, returnRefused, refundDue: false }) === 'return') {
      const returned = await send(c, r, e, chain, `refund:${r.elementIndex}:return`, elementPart(e, 'returnEscrow'))
      if (returned) {
        kept.push(returned)
        continue
      }
      returnRefused = true
      c.log('escrow return refused; refunding after the delay', {
        id: c.id,
        element: r.elementIndex,
        chainId: e.chainId,
      })
    }
    const head = await chain.client.getBlock({ blockTag: 'latest' })
    if (escrowExit({ fillSent, returnRefused, refundDue: head.timestamp > state.refundableAfter }) === 'wait') {
      waiting = true
      kept.push(r)
      continue
    }
    const refunded = await send(c, r, e, chain, `refund:${r.elementIndex}`, elementPart(e, 'refund'))
    if (!refunded) waiting = true
    kept.push(refunded ?? r)
  }
  await updateIntent(c.sql, c.id, { refunds: kept })
  return { refunds: kept, waiting }
}

/** Sends one refund step; the completed record, or undefined when the arbiter refused it and the
 * escrow is still not refunded. */
async function send(
  c: SettleContext,
  r: RefundRecord,
  e: ElementPlan,
  chain: FillerChain,
  step: string,
  call: Step,
): Promise<RefundRecord | undefined> {
  try {
    const result = await sendStep({ sql: c.sql, intent: c.id, step, chain, confirmations: c.depth(e.chainId), ...call })
    c.log(step.endsWith(':return') ? 'escrow returned' : 'escrow refunded', {
      id: c.id,
      element: r.elementIndex,
      chainId: e.chainId,
      tx: result.hash,
    })
    return { ...r, status: 'COMPLETED', txHash: result.hash, timestamp: result.timestamp }
  } catch (error) {
    if (!(error instanceof StepRevertedError)) throw error
    const after = await read(chain, elementPart(e, 'escrowState'))
    return after.status === escrowStatus.refunded ? { ...r, status: 'COMPLETED' } : undefined
  }
}
