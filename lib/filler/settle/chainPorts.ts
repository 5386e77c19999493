// The ports of a settlement pass bound to the database and the chains: the journal through
// sendStep, the store through intentStore and attestationStore, the checks through settleChecks,
// priceCheck and runAccountSteps.
import type { Hex } from 'viem'
import { arbiterAbi } from '../../core/abi/arbiter'
import { accountEscrowParts, escrowTokens, isAccountEscrowRoute } from '../../core/intentOp/accountEscrow'
import type { WireIntentOp } from '../../core/intentOp/intentOp'
import { findAttestation } from '../../storage/attestationStore'
import { updateIntent } from '../../storage/intentStore'
import type { FillerChain } from '../../worker/fillerChains'
import { deliverySteps } from '../directDelivery'
import { priceMoved } from '../priceCheck'
import { refundPass } from '../refundPass'
import { runAccountSteps, runDestinationOps, setupThenOps, simulateDestinationOps } from '../runAccountSteps'
import { type PassJournal, sendStep } from '../sendStep'
import { escrowShortfall, firstRevert, lockShortfall, nonceUsedBySomeoneElse } from '../settleChecks'
import { chainOf as chainOfParameters, type SettleContext, type SettleParameters } from '../settleContext'
import { elementPart, type SettlementPlan } from '../settlementCalls'
import { unpaidGasWei } from '../unpaidGas'
import { headTimestamp } from './headTimestamp'
import type { ChainReadsPort, ChecksPort, JournalPort, Pass, StorePort } from './ports'

type Signed = WireIntentOp & { originSignatures: Hex[] }

/** What the ports are bound to: the pass's parameters, its plan, and the chains by id. */
type Binding = {
  p: SettleParameters
  plan: SettlementPlan
  signed: Signed
  chainOf: (chainId: number) => FillerChain
  depth: (chainId: number) => number
  c: SettleContext
}

export function chainPass(p: SettleParameters, plan: SettlementPlan, journal: PassJournal): Pass {
  const { sql, intent } = p
  const id = intent.nonce
  const chainOf = (chainId: number) => chainOfParameters(p, chainId)
  const depth = (chainId: number) => p.confirmations?.(chainId) ?? 0
  // async: a chain the filler does not serve is a rejection, as every port's failure is.
  const head = async (chainId: number) => headTimestamp(chainOf(chainId).client)
  const now = async () => {
    const [time, wall] = [await head(plan.fill.chainId), p.nowSeconds()]
    return time > wall ? time : wall
  }
  const c: SettleContext = { sql, intent, id, plan, chainOf, depth, now, log: p.log }
  const b: Binding = { p, plan, signed: intent.signedIntentOp as Signed, chainOf, depth, c }
  const accountRun = { sql, intent, chainOf, confirmations: depth, log: p.log }
  return {
    id,
    sponsor: intent.sponsor,
    deadline: BigInt(intent.fillDeadline),
    expires: BigInt(intent.expires),
    plan,
    claims: intent.claims.map((claim) => ({ ...claim })),
    delivery: deliverySteps(plan.fill, chainOf(plan.fill.chainId).account.address),
    depth,
    attesterDepth: (chainId) => p.attesterConfirmations?.(chainId) ?? 0,
    pricesRead: false,
    ports: {
      journal: journalPort(b, journal),
      store: storePort(b),
      clock: { wall: p.nowSeconds, head },
      chains: chainReads(b),
      checks: checksPort(b),
      account: { setup: () => runAccountSteps(accountRun), destinationOps: () => runDestinationOps(accountRun) },
      log: p.log,
    },
  }
}

function journalPort({ p, c, chainOf, depth }: Binding, journal: PassJournal): JournalPort {
  return {
    has: (step) => journal.has(step),
    hash: (step) => journal.get(step)?.hash,
    send: (step, s) =>
      sendStep({
        sql: p.sql,
        journal,
        intent: c.id,
        step,
        chain: chainOf(s.call.chainId),
        confirmations: depth(s.call.chainId),
        ...s,
      }),
  }
}

function storePort({ p, plan, c, chainOf }: Binding): StorePort {
  return {
    update: (update) => updateIntent(p.sql, c.id, update),
    attestation: async () => {
      const stored = await findAttestation(p.sql, plan.fill.chainId, p.intent.sponsor, c.id)
      return stored ? { attestation: stored.attestation, signature: stored.signature } : undefined
    },
    unpaidGas: () => unpaidGasWei(p.sql, c.id, chainOf),
    refund: (refunds) => refundPass(c, refunds),
  }
}

function chainReads({ p, plan, chainOf }: Binding): ChainReadsPort {
  return {
    succeeded: async (txs) => {
      const receipts = await Promise.all(
        txs.map((x) =>
          chainOf(x.chainId)
            .client.getTransactionReceipt({ hash: x.hash })
            .catch(() => undefined),
        ),
      )
      return receipts.every((r) => r?.status === 'success')
    },
    filled: () =>
      chainOf(plan.fill.chainId).client.readContract({
        address: plan.fill.call.to,
        abi: arbiterAbi,
        functionName: 'filled',
        args: [p.intent.sponsor, BigInt(p.intent.nonce)],
      }),
  }
}

function checksPort({ p, plan, signed, chainOf, c }: Binding): ChecksPort {
  return {
    nonceUsed: () => nonceUsedBySomeoneElse(c),
    lockShortfall: () => lockShortfall(c),
    priceMoved: () => priceMoved(signed, plan, p.chains),
    attesterAlive: p.attesterAlive,
    accountEscrow: async (escrows) => {
      if (!isAccountEscrowRoute(signed)) return undefined
      const parts = accountEscrowParts(signed).escrows
      const short = await escrowShortfall(
        c,
        parts.map((e) => ({ chainId: Number(e.chainId), tokens: escrowTokens(e) })),
      )
      if (short) return short
      return setupThenOps(
        signed,
        escrows.map((e) => elementPart(e, 'escrow')),
        chainOf,
      )
    },
    escrowsRevert: (escrows) =>
      firstRevert(
        c,
        escrows.map((e) => ({ what: `the escrow of element ${e.elementIndex}`, call: elementPart(e, 'escrow').call })),
      ),
    callsRevert: ({ beforeSetup }) => simulateDestinationOps(p.intent, chainOf, plan.fill.call, { beforeSetup }),
  }
}
