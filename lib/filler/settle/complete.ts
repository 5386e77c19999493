// Delivered and paid for: the route's calls on arrival, as the account (a revert leaves tokenOut
// with it and the intent FAILED with the reason), then the event that completes the intent.
import type { IntentUpdate } from '../../storage/intentStore'
import type { Pass } from './ports'
import { advance, failed, type LogLine, type Verdict } from './verdict'

export async function completeWith(
  pass: Pass,
  event: 'paid' | 'delivered',
  update: IntentUpdate,
  log?: LogLine,
): Promise<Verdict> {
  const opsFailure = await pass.ports.account.destinationOps()
  // Failed after delivery: what was claimed is recorded as claimed.
  return opsFailure ? failed(opsFailure, { update }) : advance(event, update, log)
}
