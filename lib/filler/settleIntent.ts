// Settles one submitted intent, step by step, from whatever state the database says it is in:
//   PENDING  → (nothing claimed yet) expiry check, then every claim and the fill simulated: if any
//              would revert, FAILED with its reason and nothing is sent
//            → each element claimed on its chain (journaled, so a restart never claims twice)
//   CLAIMED  → the fill on the destination chain (the arbiter refuses a second fill on chain)
//   FILLED   → COMPLETED (the route carries no destination operations this filler could run)
// Every state change is written before the next step starts.
import type { Hex } from 'viem'
import { shortReason } from '../core/errors'
import type { WireIntentOp } from '../core/route/intentOp'
import { claimSteps, fillStep } from '../core/settlement/settlementCalls'
import { type ClaimRecord, type StoredIntent, updateIntent } from '../storage/intentStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from './fillerChains'
import { isDone, revertReason, StepRevertedError, sendStep } from './sendStep'

/** Claims start only with this much time left before the fill deadline. */
const SAFETY_SECONDS = 30n

export type SettleParameters = {
  sql: Pick<Sql, 'query'>
  intent: StoredIntent
  chains: Map<number, FillerChain>
  nowSeconds: () => bigint
  log: (event: string, fields: Record<string, unknown>) => void
}

export async function settleIntent(p: SettleParameters): Promise<void> {
  const { sql, intent } = p
  const signed = intent.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }
  const chainOf = (id: number) => {
    const chain = p.chains.get(id)
    if (!chain) throw new Error(`no RPC URL for chain ${id}`)
    return chain
  }
  const fail = async (reason: string) => {
    await updateIntent(sql, intent.nonce, { status: 'FAILED', failureReason: reason, claims: intent.claims.map((c) => (c.status === 'PENDING' ? { ...c, status: 'FAILED' } : c)) })
    p.log('intent failed', { id: intent.nonce, reason })
  }

  let steps: ReturnType<typeof claimSteps>
  let fill: ReturnType<typeof fillStep>
  try {
    steps = claimSteps(signed, signed.originSignatures, chainOf(Number(signed.elements.at(-1)!.mandate.destinationChainId)).account.address)
    fill = fillStep(signed)
  } catch (error) {
    return fail(`cannot be settled: ${shortReason(error)}`)
  }
  const claims: ClaimRecord[] = intent.claims.map((c) => ({ ...c }))

  if (intent.status === 'PENDING' && claims.every((c) => c.status === 'PENDING')) {
    const startedAny = (await Promise.all(steps.map((s) => isDone(chainOf(s.call.chainId), s.done)))).some(Boolean)
    if (!startedAny) {
      const deadline = BigInt(intent.fillDeadline)
      if (p.nowSeconds() + SAFETY_SECONDS >= deadline) return fail(`expired: not filled before its fill deadline ${deadline}; nothing was claimed`)
      for (const s of steps) {
        const reason = await revertReason(chainOf(s.call.chainId), s.call)
        if (reason) return fail(`the claim of element ${s.elementIndex} on chain ${s.call.chainId} would revert (${reason}); nothing was claimed`)
      }
      const fillReason = await revertReason(chainOf(fill.call.chainId), fill.call)
      if (fillReason) return fail(`the fill on chain ${fill.call.chainId} would revert (${fillReason}); nothing was claimed`)
    }
  }

  if (intent.status === 'PENDING') {
    for (const s of steps) {
      const record = claims[s.elementIndex]!
      if (record.status === 'COMPLETED') continue
      try {
        const result = await sendStep({ sql, intent: intent.nonce, step: `claim:${s.elementIndex}`, chain: chainOf(s.call.chainId), call: s.call, done: s.done })
        claims[s.elementIndex] = { ...record, status: 'COMPLETED', ...(result.hash ? { txHash: result.hash } : {}), ...(result.timestamp ? { timestamp: result.timestamp } : {}) }
        await updateIntent(sql, intent.nonce, { claims })
        p.log('element claimed', { id: intent.nonce, element: s.elementIndex, chainId: s.call.chainId, tx: result.hash })
      } catch (error) {
        if (!(error instanceof StepRevertedError)) throw error // transient: tried again on the next pass
        claims[s.elementIndex] = { ...record, status: 'FAILED' }
        intent.claims = claims
        return fail(`the claim of element ${s.elementIndex} failed: ${error.message}`)
      }
    }
    await updateIntent(sql, intent.nonce, { status: 'CLAIMED', claims })
    intent.status = 'CLAIMED'
  }

  if (intent.status === 'CLAIMED') {
    try {
      const chain = chainOf(fill.call.chainId)
      const result = await sendStep({ sql, intent: intent.nonce, step: 'fill', chain, call: fill.call, done: fill.done })
      await updateIntent(sql, intent.nonce, {
        status: 'FILLED',
        fill: { chainId: fill.call.chainId, ...(result.hash ? { txHash: result.hash } : {}), status: 'COMPLETED', ...(result.timestamp ? { timestamp: result.timestamp } : {}) },
      })
      intent.status = 'FILLED'
      p.log('intent filled', { id: intent.nonce, chainId: fill.call.chainId, tx: result.hash })
    } catch (error) {
      if (!(error instanceof StepRevertedError)) throw error
      intent.claims = claims
      return fail(`the fill failed after the claims: ${error.message}`)
    }
  }

  if (intent.status === 'FILLED') {
    await updateIntent(sql, intent.nonce, { status: 'COMPLETED' })
    p.log('intent completed', { id: intent.nonce })
  }
}
