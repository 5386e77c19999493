// The fill on the destination chain (PERMIT2 once CLAIMED; COMPACT after its allocations): checked
// again just before the filler fronts it, sent, and the intent is FILLED. A fill undone after the
// filler was paid that can no longer be mined is owed from inventory (inventory.ts).
import { StepRevertedError } from '../sendStep'
import { deliverFromInventory, deliveryStarted, paidOnChain } from './inventory'
import { type Pass, passNow } from './ports'
import { SAFETY_SECONDS } from './preflight'
import { tooLateToBePaid } from './tooLate'
import { advance, failed, stepVerdict, type Verdict, wait } from './verdict'

export async function fill(pass: Pass): Promise<Verdict> {
  const { plan, ports } = pass
  const refundable = plan.funding === 'PERMIT2'
  const nothing = refundable ? 'the escrows are refunded' : 'nothing was taken'
  if (deliveryStarted(pass)) return deliverFromInventory(pass, 'its delivery from inventory had started')
  if (!ports.journal.has('fill')) {
    const stop = await beforeFill(pass, nothing)
    if (stop) return stop
  }
  try {
    const result = await ports.journal.send('fill', { call: plan.fill.call, proof: plan.fill.proof })
    const fill = {
      chainId: plan.fill.chainId,
      txHash: result.hash,
      status: 'COMPLETED' as const,
      timestamp: result.timestamp,
    }
    return advance(
      'filled',
      { fill },
      { event: 'intent filled', fields: { id: pass.id, chainId: fill.chainId, tx: fill.txHash } },
    )
  } catch (error) {
    if (error instanceof StepRevertedError && (await paidOnChain(pass)))
      return deliverFromInventory(pass, error.message)
    return stepVerdict(error, (m) => `the fill failed: ${m}; ${nothing}`, { refundable })
  }
}

/** Before a fill that was never signed: the deadline, the payout window, the attester, the prices. */
async function beforeFill(pass: Pass, nothing: string): Promise<Verdict | undefined> {
  const { ports, deadline } = pass
  const refundable = pass.plan.funding === 'PERMIT2'
  const [time, alive] = await Promise.all([passNow(pass), ports.checks.attesterAlive()])
  const paid = time + SAFETY_SECONDS >= deadline && (await paidOnChain(pass))
  if (paid && time > deadline) return deliverFromInventory(pass, `the fill deadline ${deadline} has passed`)
  // Paid for a fill a re-org undid: while it can still be mined it goes out again.
  if (!paid && time + SAFETY_SECONDS >= deadline)
    return failed(`expired: not filled before its fill deadline ${deadline}; ${nothing}`, { refundable })
  // A fill whose payout could no longer be mined in time is never sent (core/settlement/payoutWindow.ts).
  const late = paid ? undefined : await tooLateToBePaid(pass, false)
  if (late) return failed(`${late}; ${nothing}`, { refundable })
  if (!paid && !alive) return wait('waiting')
  // No free option: the prices are read again before the filler fronts a cross-asset fill.
  const moved = paid || pass.pricesRead ? undefined : await ports.checks.priceMoved()
  return moved ? failed(`${moved}; ${nothing}`, { refundable }) : undefined
}
