// What an intent that failed before the filler was paid cost the filler in gas: every journaled
// transaction of the intent that was mined (setup, pre-claim operations, allocations, escrows and
// their return, a fill), its receipt's gasUsed × effectiveGasPrice, summed over every chain (an
// OP-stack chain's L1 data fee is not counted). Recorded with the intent; the API sums it per
// sponsor and refuses new routes from a sponsor past its budget (lib/server/issueRoute.ts).
import { journalOf } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from '../worker/fillerChains'
import { receiptOrNone } from './sendStep'

/** Undefined when the filler was paid (a release or claim is journaled): nothing is unpaid. */
export async function unpaidGasWei(
  sql: Pick<Sql, 'query'>,
  id: string,
  chainOf: (chainId: number) => FillerChain,
): Promise<bigint | undefined> {
  const journal = await journalOf(sql, id)
  if (journal.some((e) => e.step.startsWith('release:') || e.step.startsWith('claim:'))) return undefined
  const receipts = await Promise.all(journal.map((e) => receiptOrNone(chainOf(e.chainId), e.hash)))
  return receipts.reduce((sum, r) => sum + (r ? r.gasUsed * r.effectiveGasPrice : 0n), 0n)
}
