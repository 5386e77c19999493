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
