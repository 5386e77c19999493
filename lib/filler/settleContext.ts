// What the parts of one settlement pass share: the intent, its plan, the chains, the clock, the
// records it updates (claims and refunds), and the journal depth per chain.
import type { StoredIntent } from '../storage/intentStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from '../worker/fillerChains'
import type { SettlementPlan } from './settlementCalls'

export type SettleContext = {
  sql: Pick<Sql, 'query'>
  intent: StoredIntent
  id: string
  plan: SettlementPlan
  chainOf: (chainId: number) => FillerChain
  /** Blocks a step's receipt must be buried under on this chain. */
  depth: (chainId: number) => number
  /** Wall clock or the destination chain's clock, whichever is later (unix seconds). */
  now: () => Promise<bigint>
  log: (event: string, fields: Record<string, unknown>) => void
}

/** What one pass over an intent came to: final; waiting (for time, an attester); waiting for the
 * fill's attestation (the scheduler wakes it as soon as one is stored); or a simulation reverted
 * and the intent is tried again after a back-off (SIMULATION_ATTEMPTS in all). */
export type SettleOutcome = 'final' | 'waiting' | 'attestation' | 'reverted'

export type SettleParameters = {
  sql: Pick<Sql, 'query'>
  intent: StoredIntent
  chains: Map<number, FillerChain>
  nowSeconds: () => bigint
  log: (event: string, fields: Record<string, unknown>) => void
  /** Blocks each step's receipt must be buried under, per chain. */
  confirmations?: (chainId: number) => number
  /** Blocks the attester waits for on a chain before it signs a fill there (ATTESTER_CONFIRMATIONS). */
  attesterConfirmations?: (chainId: number) => number
  /** Whether an attester is at work (its lease is held): no fill starts without one. */
  attesterAlive: () => Promise<boolean>
}

/** The filler's chain by id; a chain it has no RPC URL for throws (a transient failure of the pass). */
export function chainOf(p: Pick<SettleParameters, 'chains'>, chainId: number): FillerChain {
  const chain = p.chains.get(chainId)
  if (!chain) throw new Error(`no RPC URL for chain ${chainId}`)
  return chain
}
