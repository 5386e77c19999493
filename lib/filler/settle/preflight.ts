// The checks before a settlement sends anything: deadline, nonce, locks, prices, the attester, the
// payout window, the account's own escrow ops, then the account's setup and every first step
// simulated. A verdict when the intent cannot go on now; undefined when it can.
import { firstOf } from '../settleChecks'
import type { ElementPlan } from '../settlementCalls'
import { type Pass, passNow } from './ports'
import { tooLateToBePaid } from './tooLate'
import { failed, reverted, type Verdict, wait } from './verdict'

/** A fill (and the escrows before it) starts only with this much time left before the fill deadline. */
export const SAFETY_SECONDS = 30n

/** The reads are asked at once; the first reason in this order counts. */
export async function preflight(pass: Pass, escrows: ElementPlan[]): Promise<Verdict | undefined> {
  const { checks, account } = pass.ports
  const [time, used, short, alive, moved] = await Promise.all([
    passNow(pass),
    checks.nonceUsed(),
    pass.plan.funding === 'COMPACT' ? checks.lockShortfall() : undefined,
    checks.attesterAlive(),
    checks.priceMoved(),
  ])
  pass.pricesRead = true
  if (time + SAFETY_SECONDS >= pass.deadline)
    return failed(`expired: not filled before its fill deadline ${pass.deadline}; nothing was taken`)
  if (used) return failed(used)
  if (short) return failed(short)
  if (moved) return failed(`${moved}; nothing was taken`)
  if (!alive) return wait('waiting')
  const late = await tooLateToBePaid(pass, true)
  if (late) return failed(`${late}; nothing was taken`)
  const own = await checks.accountEscrow(escrows)
  if (own) return failed(own)
  // Calls on arrival that would revert fail the intent before the filler pays for a deployment.
  const callsFirst = await checks.callsRevert({ beforeSetup: true })
  if (callsFirst) return reverted(callsFirst)
  const setup = await account.setup()
  if (setup) return failed(setup)
  const wouldRevert = await firstOf([checks.escrowsRevert(escrows), checks.callsRevert({ beforeSetup: false })])
  return wouldRevert ? reverted(wouldRevert) : undefined
}
