// NO_FUNDING, PENDING: a route the account settles with its own single-chain ops (INTENT_EXECUTOR;
// core/route/request/singleChain.ts): completed in one pass, or FAILED with nothing taken.
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
import { intentExecutorAbi } from '../../core/abi/intentExecutor'
import { nexus } from '../../core/accounts/smartAccounts'
import { shortReason } from '../../core/errors'
import type { ClaimRecord } from '../../core/intent/intentRecords'
import type { WireIntentOp } from '../../core/intentOp/intentOp'
import { type IntentUpdate, updateIntent } from '../../storage/intentStore'
import type { FillerChain } from '../../worker/fillerChains'
import { type AccountStep, singleChainSteps } from '../accountSteps'
import { deliveryOf, type SentPacket, sentPacket } from '../bridgeDelivery'
import { afterSimulationRevert, FINAL_MARGIN_SECONDS, SIMULATION_ATTEMPTS, transition } from '../intentMachine'
import { recentEvent } from '../recentEvent'
import { runAccountSteps, setupThenOps } from '../runAccountSteps'
import { type PassJournal, passJournal, read, StepRevertedError, sendStep } from '../sendStep'
import { chainOf as chainOfParameters, type SettleOutcome, type SettleParameters } from '../settleContext'
import { unpaidGasWei } from '../unpaidGas'

/** The ops start only with this much time left before the route's fill deadline. */
const SAFETY_SECONDS = 30n

type Signed = WireIntentOp & { originSignatures: Hex[] }
type Sent = { hash: Hex; timestamp: number }
type Packet = SentPacket & { sentIn: Hex; sentAt: number }

/** One pass over a single-chain route, and what the parts of it share. */
type SingleChainPass = {
  p: SettleParameters
  id: string
  signed: Signed
  steps: AccountStep[]
  journal: PassJournal
  chainOf: (chainId: number) => FillerChain
  /** The later of the wall clock and a chain's head. */
  now: (chainId: number) => Promise<bigint>
}

export async function settleSingleChain(p: SettleParameters): Promise<SettleOutcome> {
  if (p.intent.status !== 'PENDING') return 'final'
  const s = await singleChainPass(p)
  const journaled = s.steps.some((step) => s.journal.has(step.step))
  try {
    const stop = journaled ? undefined : await beforeOps(s)
    if (stop) return await fail(s, stop)
    const ran = await runOps(s)
    if (typeof ran === 'string') return await fail(s, ran)
    const delivered = await deliveries(s, ran.packets)
    if (delivered === 'waiting') return 'waiting'
    if (typeof delivered === 'string') return await fail(s, delivered)
    const chainId = s.steps.at(-1)?.call.chainId ?? Number(s.signed.elements[0]?.chainId)
    const last = ran.last ? { chainId, txHash: ran.last.hash, timestamp: ran.last.timestamp } : undefined
    const fill = delivered ?? last
    const status = transition('NO_FUNDING', p.intent.status, { type: 'executed' })
    await write(s, { status, claims: ran.claims, ...(fill ? { fill: { ...fill, status: 'COMPLETED' } } : {}) })
    p.log('intent completed', { id: s.id })
    return 'final'
  } catch (error) {
    if (error instanceof StepRevertedError) return reverted(s, error)
    // Transient (a node not answering): past its expiry, with nothing sent, the intent ends.
    if (!journaled && p.nowSeconds() > BigInt(p.intent.expires))
      return fail(
        s,
        `expired: still not settled at its expiry ${p.intent.expires} (${shortReason(error)}); nothing was taken`,
      )
    throw error
  }
}

async function singleChainPass(p: SettleParameters): Promise<SingleChainPass> {
  const signed = p.intent.signedIntentOp as Signed
  const chainOf = (chainId: number) => chainOfParameters(p, chainId)
  const relayer = [...p.chains.values()][0]?.account.address
  if (!relayer) throw new Error('the filler has no chain to relay on')
  const now = async (chainId: number) => {
    const [head, wall] = [(await chainOf(chainId).client.getBlock({ blockTag: 'latest' })).timestamp, p.nowSeconds()]
    return head > wall ? head : wall
  }
  const steps = singleChainSteps(signed, signed.originSignatures, relayer)
  return { p, id: p.intent.nonce, signed, steps, journal: await passJournal(p.sql, p.intent.nonce), chainOf, now }
}

/** Before the first op: the deadline, the deployment simulated with the ops, the account's setup. */
async function beforeOps(s: SingleChainPass): Promise<string | undefined> {
  const deadline = BigInt(s.p.intent.fillDeadline)
  if ((await s.now(s.steps[0]?.call.chainId ?? Number(s.signed.elements[0]?.chainId))) + SAFETY_SECONDS >= deadline)
    return `expired: its ops were not run before the deadline ${deadline}; nothing was taken`
  const together = await setupThenOps(s.signed, s.steps, s.chainOf)
  if (together) return together
  const depth = (chainId: number) => s.p.confirmations?.(chainId) ?? 0
  return runAccountSteps({ sql: s.p.sql, intent: s.p.intent, chainOf: s.chainOf, confirmations: depth, log: s.p.log })
}

/** Each element's ops, journaled: the claims they completed, the last transaction, the OFT packets
 * they sent; or why the intent fails. */
async function runOps(s: SingleChainPass): Promise<string | { claims: ClaimRecord[]; last?: Sent; packets: Packet[] }> {
  let claims: ClaimRecord[] = s.p.intent.claims
  let last: Sent | undefined
  const packets: Packet[] = []
  for (const [i, step] of s.steps.entries()) {
    const element = s.signed.elements[i]
    if (!element) throw new Error(`intent ${s.id} has no element ${i}`)
    const ran = await opsOf(s, step, i)
    if (typeof ran === 'string') return ran
    const { receipt, timestamp } = ran
    last = { hash: receipt.transactionHash, timestamp }
    // What the element draws moved in these ops (the fee to the filler among them): its claim.
    claims = claims.map((c) =>
      c.elementIndex === i ? { ...c, status: 'COMPLETED', txHash: receipt.transactionHash, timestamp } : c,
    )
    const packet = sentPacket(element, s.signed.sponsor, receipt)
    // The relayer's fee was paid by those ops (the executor checks it), but the bridge got nothing.
    if (typeof packet === 'string') return `${packet}; the route's fee was paid, nothing was bridged`
    if (packet) packets.push({ ...packet, sentIn: receipt.transactionHash, sentAt: timestamp })
  }
  return { claims, ...(last ? { last } : {}), packets }
}

/** One element's ops: sent, or found run. Only the filler relays through the executor, so ops
 * recorded as run without a journal entry of this intent's could only be a lost entry's: nothing is
 * sent twice, and the transaction that ran them is found by the executor's event. */
async function opsOf(
  s: SingleChainPass,
  step: AccountStep,
  i: number,
): Promise<string | { receipt: TransactionReceipt; timestamp: number }> {
  const chain = s.chainOf(step.call.chainId)
  if (!s.journal.has(step.step) && (await read(chain, step.done))) {
    const submitted = BigInt(Math.floor(s.p.intent.createdAt.getTime() / 1000))
    const found = await opsReceipt(chain, s.signed.sponsor, BigInt(s.signed.nonce), submitted)
    if (!found) return `its ops ran on chain ${step.call.chainId}, but their transaction is not found`
    return {
      receipt: found,
      timestamp: Number((await chain.client.getBlock({ blockNumber: found.blockNumber })).timestamp),
    }
  }
  const confirmations = s.p.confirmations?.(step.call.chainId) ?? 0
  const sent = await sendStep({ ...step, sql: s.p.sql, journal: s.journal, intent: s.id, chain, confirmations })
  s.p.log('single-chain ops ran', { id: s.id, element: i, chainId: step.call.chainId, tx: sent.hash })
  return sent
}

/** Each OFT packet delivered on its destination: the last delivery (the fill), 'waiting' while one
 * is not delivered yet, or why the intent fails. */
async function deliveries(
  s: SingleChainPass,
  packets: Packet[],
): Promise<string | 'waiting' | { chainId: number; txHash: Hex; timestamp: number } | undefined> {
  let fill: { chainId: number; txHash: Hex; timestamp: number } | undefined
  for (const packet of packets) {
    const delivered = await deliveryOf(packet, s.chainOf(packet.dstChainId), BigInt(packet.sentAt))
    if (typeof delivered === 'string') return delivered
    if (!delivered) {
      // The later of the wall clock and the destination's: a chain past the deadline is past it.
      const finalAt = BigInt(s.p.intent.expires) + FINAL_MARGIN_SECONDS
      if ((await s.now(packet.dstChainId)) <= finalAt) return 'waiting'
      return `sent over LayerZero OFT in ${packet.sentIn}, but not delivered on chain ${packet.dstChainId} by ${finalAt}`
    }
    fill = delivered
  }
  return fill
}

async function write(s: SingleChainPass, update: IntentUpdate): Promise<void> {
  await updateIntent(s.p.sql, s.id, update)
  if (update.status) s.p.intent.status = update.status
}

async function fail(s: SingleChainPass, reason: string): Promise<SettleOutcome> {
  const unpaidGas = await unpaidGasWei(s.p.sql, s.id, s.chainOf).catch(() => undefined)
  const status = transition('NO_FUNDING', s.p.intent.status, { type: 'failed' })
  await write(s, { status, failureReason: reason, ...(unpaidGas ? { unpaidGasWei: unpaidGas } : {}) })
  s.p.log('intent failed', { id: s.id, reason })
  return 'final'
}

/** The ops reverted: mined, the intent fails; in simulation, tried again after a back-off. */
async function reverted(s: SingleChainPass, error: StepRevertedError): Promise<SettleOutcome> {
  const reason = `the account's ops reverted (${error.message}); nothing was taken`
  if (!error.simulated) return fail(s, reason)
  const attempt = s.p.intent.simulationReverts + 1
  await updateIntent(s.p.sql, s.id, { simulationReverts: attempt })
  s.p.intent.simulationReverts = attempt
  if (afterSimulationRevert(attempt - 1) === 'fail') return fail(s, reason)
  s.p.log('simulation reverted; trying again later', { id: s.id, attempt, of: SIMULATION_ATTEMPTS, reason })
  return 'reverted'
}

/** The receipt of the transaction that ran the account's ops with this nonce, from the executor's event. */
async function opsReceipt(
  chain: FillerChain,
  account: Address,
  nonce: bigint,
  since: bigint,
): Promise<TransactionReceipt | undefined> {
  const event = { address: nexus.intentExecutor, abi: intentExecutorAbi, eventName: 'SinglechainOpsExecuted' } as const
  const ran = await recentEvent(chain, { ...event, args: { account, nonce } }, since)
  return ran?.transactionHash ? chain.client.getTransactionReceipt({ hash: ran.transactionHash }) : undefined
}
