// Paid, and the fill can no longer be mined (a re-org undid it after the releases or claims paid the
// filler, and its deadline passed): the filler owes delivery, so it sends tokenOut to the recipient
// from its inventory (lib/filler/directDelivery.ts), then the route's calls, and the intent is
// COMPLETED with the fill recorded as that transfer.
import type { Hex } from 'viem'
import type { StepResult } from '../sendStep'
import { completeWith } from './complete'
import type { Pass } from './ports'
import { stepVerdict, type Verdict } from './verdict'

export const deliveryStarted = (pass: Pass) => pass.delivery.some((d) => pass.ports.journal.has(d.name))

/** Whether the filler was paid for this intent: every element's release or claim is journaled and
 * mined (a re-org that undid the fill after them reopened the intent). */
export async function paidOnChain(pass: Pass): Promise<boolean> {
  const kind = pass.plan.funding === 'COMPACT' ? 'claim' : 'release'
  const payouts: { chainId: number; hash: Hex }[] = []
  for (const e of pass.plan.elements) {
    const hash = pass.ports.journal.hash(`${kind}:${e.elementIndex}`)
    if (!hash) return false
    payouts.push({ chainId: e.chainId, hash })
  }
  return pass.ports.chains.succeeded(payouts)
}

/** Never a second delivery: only once no fill can be mined any more (the latest block is past the
 * deadline the arbiter enforces) and the arbiter does not record this intent as filled (old bytes of
 * the fill mined after all). Otherwise it throws: transient, the next pass looks again. */
async function mayDeliver(pass: Pass): Promise<void> {
  const [latest, filled] = await Promise.all([
    pass.ports.clock.head(pass.plan.fill.chainId),
    pass.ports.chains.filled(),
  ])
  if (filled)
    throw new Error(
      `the arbiter records intent ${pass.id} as filled by a transaction this journal does not hold; not delivering twice`,
    )
  if (latest <= pass.deadline)
    throw new Error(
      `the fill of intent ${pass.id} could still be mined until ${pass.deadline}; not delivering from inventory yet`,
    )
}

export async function deliverFromInventory(pass: Pass, why: string): Promise<Verdict> {
  const { ports, plan } = pass
  if (!deliveryStarted(pass)) await mayDeliver(pass)
  const results = await Promise.allSettled(pass.delivery.map((d) => ports.journal.send(d.name, d)))
  const refused = results.find((r) => r.status === 'rejected')
  if (refused)
    return stepVerdict(
      refused.reason,
      (m) =>
        'the fill was undone after the filler was paid and can no longer be mined; ' +
        `delivering tokenOut from the filler's inventory failed: ${m}`,
    )
  const sent = results.map((r) => (r as PromiseFulfilledResult<StepResult>).value)
  const [first] = sent
  if (!first) throw new Error(`intent ${pass.id} has nothing to deliver from inventory`)
  const log = {
    event: 'fill undone after payment; tokenOut delivered from inventory',
    fields: { id: pass.id, why, chainId: plan.fill.chainId, txs: sent.map((r) => r.hash) },
  }
  const fill = { chainId: plan.fill.chainId, txHash: first.hash, timestamp: first.timestamp }
  return completeWith(pass, 'delivered', { fill: { ...fill, status: 'COMPLETED', method: 'transfer' } }, log)
}
