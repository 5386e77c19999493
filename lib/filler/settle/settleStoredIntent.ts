// The filler's entry for one submitted intent: the account's own single-chain ops settle on their
// own (singleChain.ts); every other route is planned (settlementCalls.ts), bound to the
// chains (chainPorts.ts) and driven through its handlers (settle.ts) from the status it is in.
import type { Hex } from 'viem'
import { shortReason } from '../../core/errors'
import type { WireIntentOp } from '../../core/intentOp/intentOp'
import { updateIntent } from '../../storage/intentStore'
import { isSingleChainRoute } from '../accountSteps'
import { passJournal } from '../sendStep'
import { chainOf as chainOfParameters, type SettleOutcome, type SettleParameters } from '../settleContext'
import { type SettlementPlan, settlementPlan } from '../settlementCalls'
import { unpaidGasWei } from '../unpaidGas'
import { chainPass } from './chainPorts'
import { drive } from './settle'
import { settleSingleChain } from './singleChain'

export async function settleIntent(p: SettleParameters): Promise<SettleOutcome> {
  const { intent } = p
  const signed = intent.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }
  if (isSingleChainRoute(signed)) return settleSingleChain(p)
  const journal = await passJournal(p.sql, intent.nonce)
  let plan: SettlementPlan
  try {
    const last = signed.elements.at(-1)
    if (!last) throw new Error('the intent has no elements')
    const destination = chainOfParameters(p, Number(last.mandate.destinationChainId))
    plan = settlementPlan(signed, signed.originSignatures, destination.account.address)
  } catch (error) {
    // Once anything was sent, the plan is what refunds or pays it: an intent that cannot be planned
    // now (a chain's RPC URL removed) waits for the configuration to come back, never abandoned.
    if (intent.status !== 'PENDING' || journal.size > 0) throw error
    return unplanned(p, `cannot be settled: ${shortReason(error)}`)
  }
  const progress = { status: intent.status, simulationReverts: intent.simulationReverts, refunds: [...intent.refunds] }
  return drive(chainPass(p, plan, journal), progress)
}

/** An intent no plan can be made for, with nothing sent for it, fails at once. */
async function unplanned(p: SettleParameters, reason: string): Promise<SettleOutcome> {
  const { sql, intent } = p
  const chainOf = (chainId: number) => chainOfParameters(p, chainId)
  const unpaidGas = await unpaidGasWei(sql, intent.nonce, chainOf).catch(() => undefined)
  const claims = intent.claims.map((c) => (c.status === 'PENDING' ? { ...c, status: 'FAILED' as const } : c))
  await updateIntent(sql, intent.nonce, {
    status: 'FAILED',
    failureReason: reason,
    claims,
    ...(unpaidGas ? { unpaidGasWei: unpaidGas } : {}),
  })
  p.log('intent failed', { id: intent.nonce, reason, refunds: 0 })
  return 'final'
}
