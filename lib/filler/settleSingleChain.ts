// Settles a route the account settles with its own single-chain ops (INTENT_EXECUTOR, NO_FUNDING;
// core/route/request/singleChain.ts): PENDING ─executed→ COMPLETED, or FAILED with nothing taken.
//   1. checks: the fill deadline is not near; the account's setupOps (deployment, the EIP-7702
//      delegation) run first where it has no code (runAccountSteps);
//   2. each element's ops through the intent executor's `executeSinglechainOps` on its chain,
//      journaled (sendStep: simulated first, sent once, with exactly the gas the route charged);
//      an OFT send's LayerZero fee (`prefundAmount`) goes to the account with that call;
//   3. an OFT element's packet delivered on its destination (bridgeDelivery.ts): the fill. Until
//      then the intent waits; not delivered by its final-state deadline, it ends FAILED saying where
//      the tokens went.
// The fee is one of the ops, so the filler is paid in the same transaction that does the work, or
// the transaction reverts and nothing moves; a simulation that reverts is retried after a back-off
// (SIMULATION_ATTEMPTS in all), a mined revert fails the intent. What a failed intent cost the filler
// in gas counts against the sponsor's budget. Nothing is escrowed, so there is nothing to refund.
import type { Hex } from 'viem'
import { shortReason } from '../core/errors'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { updateIntent } from '../storage/intentStore'
import { singleChainSteps } from './accountSteps'
import { deliveryOf, sentPacket } from './bridgeDelivery'
import { afterSimulationRevert, FINAL_MARGIN_SECONDS, SIMULATION_ATTEMPTS, transition } from './intentMachine'
import { runAccountSteps } from './runAccountSteps'
import { hasJournal, passJournal, read, type StepResult, StepRevertedError, sendStep } from './sendStep'
import type { SettleOutcome, SettleParameters } from './settleIntent'
import { unpaidGasWei } from './unpaidGas'

/** The ops start only with this much time left before the route's fill deadline. */
const SAFETY_SECONDS = 30n

export async function settleSingleChain(p: SettleParameters): Promise<SettleOutcome> {
  const { sql, intent } = p
  const id = intent.nonce
  if (intent.status !== 'PENDING') return 'final'
  const signed = intent.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }
  const chainOf = (chainId: number) => {
    const chain = p.chains.get(chainId)
    if (!chain) throw new Error(`no RPC URL for chain ${chainId}`)
    return chain
  }
  const depth = (chainId: number) => p.confirmations?.(chainId) ?? 0
  const journal = await passJournal(sql, id)
  const steps = singleChainSteps(signed, signed.originSignatures)

  const fail = async (reason: string): Promise<SettleOutcome> => {
    const unpaidGas = await unpaidGasWei(sql, id, chainOf).catch(() => undefined)
    const status = transition('NO_FUNDING', intent.status, { type: 'failed' })
    await updateIntent(sql, id, { status, failureReason: reason, ...(unpaidGas ? { unpaidGasWei: unpaidGas } : {}) })
    intent.status = status
    p.log('intent failed', { id, reason })
    return 'final'
  }

  const journaled = await Promise.all(steps.map((s) => hasJournal(sql, id, s.step, journal)))
  try {
    if (!journaled.some(Boolean)) {
      const deadline = BigInt(intent.fillDeadline)
      const first = chainOf(steps[0]?.call.chainId ?? Number(signed.elements[0]?.chainId))
      const block = await first.client.getBlock({ blockTag: 'latest' })
      const wall = p.nowSeconds()
      if ((block.timestamp > wall ? block.timestamp : wall) + SAFETY_SECONDS >= deadline) {
        return await fail(`expired: its ops were not run before the deadline ${deadline}; nothing was taken`)
      }
      const accountFailure = await runAccountSteps({ sql, intent, chainOf, confirmations: depth, log: p.log })
      if (accountFailure) return await fail(accountFailure)
    }
    let last: StepResult | undefined
    const packets: { guid: Hex; dstChainId: number; sentIn: Hex }[] = []
    for (const [i, s] of steps.entries()) {
      const chain = chainOf(s.call.chainId)
      // Only the filler relays through the executor, so ops recorded as run without a journal
      // entry of this intent's could only be a lost entry's: nothing is sent twice.
      if (!journaled[i] && (await read(chain, s.done))) continue
      last = await sendStep({ ...s, sql, journal, intent: id, chain, confirmations: depth(s.call.chainId) })
      p.log('single-chain ops ran', { id, element: i, chainId: s.call.chainId, tx: last.hash })
      const element = signed.elements[i]
      const packet = element && sentPacket(element, last.receipt)
      if (packet) packets.push({ ...packet, sentIn: last.hash })
    }
    let fill: { chainId: number; txHash: Hex; timestamp: number; status: 'COMPLETED' } | undefined
    for (const packet of packets) {
      const delivered = await deliveryOf(packet, chainOf(packet.dstChainId))
      if (!delivered) {
        const finalAt = BigInt(intent.expires) + FINAL_MARGIN_SECONDS
        if (p.nowSeconds() > finalAt) {
          return await fail(
            `sent over LayerZero OFT in ${packet.sentIn}, ` +
              `but not delivered on chain ${packet.dstChainId} by ${finalAt}`,
          )
        }
        return 'waiting'
      }
      fill = { ...delivered, status: 'COMPLETED' }
    }
    const status = transition('NO_FUNDING', intent.status, { type: 'executed' })
    const chainId = steps.at(-1)?.call.chainId ?? Number(signed.elements[0]?.chainId)
    fill ??= last ? { chainId, txHash: last.hash, timestamp: last.timestamp, status: 'COMPLETED' as const } : undefined
    await updateIntent(sql, id, { status, ...(fill ? { fill } : {}) })
    intent.status = status
    p.log('intent completed', { id })
    return 'final'
  } catch (error) {
    if (error instanceof StepRevertedError) {
      const reason = `the account's ops reverted (${error.message}); nothing was taken`
      if (!error.simulated) return fail(reason)
      const attempt = intent.simulationReverts + 1
      await updateIntent(sql, id, { simulationReverts: attempt })
      intent.simulationReverts = attempt
      if (afterSimulationRevert(attempt - 1) === 'fail') return fail(reason)
      p.log('simulation reverted; trying again later', { id, attempt, of: SIMULATION_ATTEMPTS, reason })
      return 'reverted'
    }
    // Transient (a node not answering): past its expiry, with nothing sent, the intent ends.
    if (!journaled.some(Boolean) && p.nowSeconds() > BigInt(intent.expires)) {
      return fail(
        `expired: still not settled at its expiry ${intent.expires} (${shortReason(error)}); nothing was taken`,
      )
    }
    throw error
  }
}
