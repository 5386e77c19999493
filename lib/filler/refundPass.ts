// The refunds of a FAILED escrow-with-refund intent: each escrow still held goes back to the
// sponsor once the arbiter accepts it (after fillDeadline + its delay). What each escrow became is
// recorded: refunded by the filler (with its transaction), by anyone else, or never held.
import { escrowStatus } from '../core/abi/arbiter'
import type { RefundRecord } from '../storage/intentStore'
import { updateIntent } from '../storage/intentStore'
import { read, StepRevertedError, sendStep } from './sendStep'
import type { SettleContext } from './settleContext'

/** Sends each pending refund the arbiter accepts now; 'waiting' while one is not refundable yet. */
export async function refundPass(c: SettleContext, refunds: RefundRecord[]): Promise<{ refunds: RefundRecord[]; waiting: boolean }> {
  let waiting = false
  const kept: RefundRecord[] = []
  for (const r of refunds) {
    if (r.status === 'COMPLETED') {
      kept.push(r)
      continue
    }
    const e = c.plan.elements[r.elementIndex]!
    const chain = c.chainOf(e.chainId)
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
      const result = await sendStep({ sql: c.sql, intent: c.id, step: `refund:${r.elementIndex}`, chain, confirmations: c.depth(e.chainId), ...e.refund! })
      kept.push({ ...r, status: 'COMPLETED', txHash: result.hash, timestamp: result.timestamp })
      c.log('escrow refunded', { id: c.id, element: r.elementIndex, chainId: e.chainId, tx: result.hash })
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
  await updateIntent(c.sql, c.id, { refunds: kept })
  return { refunds: kept, waiting }
}
