// Settles a route the account settles with its own single-chain ops (INTENT_EXECUTOR, NO_FUNDING;
// core/route/request/singleChain.ts): PENDING ─executed→ COMPLETED, or FAILED with nothing taken.
//   1. checks: the fill deadline is not near; where setupOps deploy the account through a factory,
//      the deployment and the ops simulated together first (setupThenOps); then the setupOps
//      (deployment, the EIP-7702 delegation) where it has no code, capped at the gas the route
//      charged for them (runAccountSteps);
//   2. each element's ops through the intent executor's guarded `executeSinglechainOpsFor` on its
//      chain, journaled (sendStep: simulated first, sent once, with exactly the gas the route
//      charged); an OFT send's LayerZero fee (`prefundAmount`) goes to the account with that call;
//   3. an OFT element's packet (an OFTSent from the account, for at least what the recipient is
//      owed) delivered to the recipient on its destination (bridgeDelivery.ts): the fill. Until then
//      the intent waits; not delivered by its final-state deadline, or credited elsewhere, it ends
//      FAILED saying where the tokens went.
// The fee is one of the ops and the executor checks it arrived (and that the prefund was spent), so
// the filler is paid in the same transaction that does the work, whatever code answers as the
// account, or the transaction reverts and nothing moves; a simulation that reverts is retried after
// a back-off (SIMULATION_ATTEMPTS in all), a mined revert fails the intent. What a failed intent cost
// the filler in gas counts against the sponsor's budget. Nothing is escrowed: nothing to refund.
import type { Address, Hex, TransactionReceipt } from 'viem'
import { intentExecutorAbi } from '../core/abi/intentExecutor'
import { nexus } from '../core/accounts/smartAccounts'
import { shortReason } from '../core/errors'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { type ClaimRecord, updateIntent } from '../storage/intentStore'
import type { FillerChain } from '../worker/fillerChains'
import { singleChainSteps } from './accountSteps'
import { deliveryOf, type SentPacket, sentPacket } from './bridgeDelivery'
import { afterSimulationRevert, FINAL_MARGIN_SECONDS, SIMULATION_ATTEMPTS, transition } from './intentMachine'
import { recentEvent } from './recentEvent'
import { runAccountSteps, setupThenOps } from './runAccountSteps'
import { hasJournal, passJournal, read, StepRevertedError, sendStep } from './sendStep'
import type { SettleOutcome, SettleParameters } from './settleContext'
import { unpaidGasWei } from './unpaidGas'

/** The receipt of the transaction that ran the account's ops with this nonce, from the executor's event. */
async function opsReceipt(
  chain: FillerChain,
  account: Address,
  nonce: bigint,
  since: bigint,
): Promise<TransactionReceipt | undefined> {
  const ran = await recentEvent(
    chain,
    {
      address: nexus.intentExecutor,
      abi: intentExecutorAbi,
      eventName: 'SinglechainOpsExecuted',
      args: { account, nonce },
    },
    since,
  )
  return ran?.transactionHash ? chain.client.getTransactionReceipt({ hash: ran.transactionHash }) : undefined
}

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
  const relayer = [...p.chains.values()][0]?.account.address
  if (!relayer) throw new Error('the filler has no chain to relay on')
  const steps = singleChainSteps(signed, signed.originSignatures, relayer)

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
      const together = await setupThenOps(signed, steps, chainOf)
      if (together) return await fail(together)
      const accountFailure = await runAccountSteps({ sql, intent, chainOf, confirmations: depth, log: p.log })
      if (accountFailure) return await fail(accountFailure)
    }
    let last: { hash: Hex; timestamp: number } | undefined
    let claims: ClaimRecord[] = intent.claims
    const packets: (SentPacket & { sentIn: Hex; sentAt: number })[] = []
    for (const [i, s] of steps.entries()) {
      const chain = chainOf(s.call.chainId)
      const element = signed.elements[i]
      if (!element) throw new Error(`intent ${id} has no element ${i}`)
      // Only the filler relays through the executor, so ops recorded as run without a journal
      // entry of this intent's could only be a lost entry's: nothing is sent twice, and the
      // transaction that ran them is found by the executor's event.
      let receipt: TransactionReceipt
      let timestamp: number
      if (!journaled[i] && (await read(chain, s.done))) {
        const submitted = BigInt(Math.floor(intent.createdAt.getTime() / 1000))
        const found = await opsReceipt(chain, signed.sponsor, BigInt(signed.nonce), submitted)
        if (!found) return await fail(`its ops ran on chain ${s.call.chainId}, but their transaction is not found`)
        receipt = found
        timestamp = Number((await chain.client.getBlock({ blockNumber: found.blockNumber })).timestamp)
      } else {
        const sent = await sendStep({ ...s, sql, journal, intent: id, chain, confirmations: depth(s.call.chainId) })
        p.log('single-chain ops ran', { id, element: i, chainId: s.call.chainId, tx: sent.hash })
        receipt = sent.receipt
        timestamp = sent.timestamp
      }
      last = { hash: receipt.transactionHash, timestamp }
      // What the element draws moved in these ops (the fee to the filler among them): its claim.
      claims = claims.map((c) =>
        c.elementIndex === i ? { ...c, status: 'COMPLETED', txHash: receipt.transactionHash, timestamp } : c,
      )
      const packet = sentPacket(element, signed.sponsor, receipt)
      // The relayer's fee was paid by those ops (the executor checks it), but the bridge got nothing.
      if (typeof packet === 'string') return await fail(`${packet}; the route's fee was paid, nothing was bridged`)
      if (packet) packets.push({ ...packet, sentIn: receipt.transactionHash, sentAt: timestamp })
    }
    let fill: { chainId: number; txHash: Hex; timestamp: number; status: 'COMPLETED' } | undefined
    for (const packet of packets) {
      const delivered = await deliveryOf(packet, chainOf(packet.dstChainId), BigInt(packet.sentAt))
      if (typeof delivered === 'string') return await fail(delivered)
      if (!delivered) {
        // The later of the wall clock and the destination's: a chain past the deadline is past it.
        const finalAt = BigInt(intent.expires) + FINAL_MARGIN_SECONDS
        const head = await chainOf(packet.dstChainId).client.getBlock({ blockTag: 'latest' })
        const wall = p.nowSeconds()
        if ((head.timestamp > wall ? head.timestamp : wall) > finalAt) {
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
    await updateIntent(sql, id, { status, claims, ...(fill ? { fill } : {}) })
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
