// The settlement as a table: for each funding method, the handler of each open status. A handler
// does that status's chain work through its ports and answers a verdict (verdict.ts); the driver
// (settle.ts) writes it and moves the status as the state machine (../intentMachine.ts) allows,
// then hands the intent to the next status's handler. The diagram of those moves is rendered from
// the machine into docs/settlement.md (../stateDiagram.ts).
import type { IntentStatus } from '../../core/intent/intentRecords'
import type { SettlementPlan } from '../settlementCalls'
import { allocate } from './allocate'
import { escrow } from './escrow'
import { fill } from './fill'
import { payout } from './payout'
import type { Pass } from './ports'
import type { Verdict } from './verdict'

export type Handler = (pass: Pass) => Promise<Verdict>

export const handlers: Record<SettlementPlan['funding'], Partial<Record<IntentStatus, Handler>>> = {
  // Escrow with refund.
  PERMIT2: { PENDING: escrow, CLAIMED: fill, FILLED: payout },
  // Fill first.
  COMPACT: { PENDING: allocate, FILLED: payout },
  // The account's own single-chain ops (NO_FUNDING) have one open status and no plan of escrows
  // and fill: singleChain.ts settles them in one pass.
}
