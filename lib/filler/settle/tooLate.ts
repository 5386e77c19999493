// Whether a fill sent now could still be paid before its payout closes
// (lib/core/settlement/payoutWindow.ts), judged by the latest of the wall clock and every chain's own.
import { arbiterRefundDelaySeconds } from '../../core/abi/arbiter'
import { getChain } from '../../core/chains/chains'
import { payoutDeadline, payoutSeconds } from '../../core/settlement/payoutWindow'
import { type Pass, passNow } from './ports'

const blockMs = (chainId: number) => getChain(chainId)?.blockTimeMs ?? 12_000

/** Why a fill sent now (or, `first`, once the escrows or allocations are buried first) could not be
 * paid before its payout closes; undefined when it can. */
export async function tooLateToBePaid(pass: Pass, first: boolean): Promise<string | undefined> {
  const fillChain = pass.plan.fill.chainId
  const origins = pass.plan.elements.map((e) => e.chainId)
  const time = await passNow(pass, [fillChain, ...origins])
  const needs = payoutSeconds({
    fillBlockMs: blockMs(fillChain),
    fillDepth: Math.max(pass.depth(fillChain), pass.attesterDepth(fillChain)),
    originBlockMs: origins.map(blockMs),
    ...(first ? { before: origins.map((id) => ({ blockMs: blockMs(id), depth: pass.depth(id) })) } : {}),
  })
  const payBy = payoutDeadline({
    funding: pass.plan.funding,
    fillDeadline: pass.deadline,
    expires: pass.expires,
    refundDelay: arbiterRefundDelaySeconds,
  })
  if (time + needs <= payBy) return undefined
  return `expired: a fill could not be paid before ${payBy} (the confirmations it waits for)`
}
