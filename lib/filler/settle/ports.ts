// The narrow ports a settlement handler works through, and the pass it is handed: the journal it
// sends its steps through, the store it reads the attestation from, the clocks, the chain reads
// and checks it decides by, the account's own steps. chainPorts.ts binds them to the database and
// the chains; the handlers' tests bind them to fakes.
import type { Address, Hex } from 'viem'
import type { ClaimRecord, RefundRecord } from '../../core/intent/intentRecords'
import type { IntentUpdate } from '../../storage/intentStore'
import type { DeliveryStep } from '../directDelivery'
import type { StepResult } from '../sendStep'
import type { ElementPlan, SettlementPlan, SignedAttestation, Step } from '../settlementCalls'

export type JournalPort = {
  /** Whether this intent's step was signed (this pass's journal, read at its start). */
  has(step: string): boolean
  /** The transaction hash journaled for a step. */
  hash(step: string): Hex | undefined
  /** Sends a step on its call's chain, journaled (sendStep): its mined, buried receipt, or a throw. */
  send(step: string, s: Step): Promise<StepResult>
}

export type StorePort = {
  update(update: IntentUpdate): Promise<void>
  /** The attester's signature over the fill, once it signed it. */
  attestation(): Promise<SignedAttestation | undefined>
  /** What the intent cost the filler in gas while unpaid (undefined once paid). */
  unpaidGas(): Promise<bigint | undefined>
  /** Sends each pending refund the arbiter accepts now and records them (refundPass.ts). */
  refund(refunds: RefundRecord[]): Promise<{ refunds: RefundRecord[]; waiting: boolean }>
}

export type ClockPort = {
  /** The wall clock, unix seconds. */
  wall(): bigint
  /** The latest block's timestamp on a chain (a read of it other passes sent under half a second
   * ago may be shared: headTimestamp.ts). */
  head(chainId: number): Promise<bigint>
}

export type ChainReadsPort = {
  /** Whether every one of these transactions is mined and succeeded. */
  succeeded(txs: { chainId: number; hash: Hex }[]): Promise<boolean>
  /** Whether the fill's arbiter records this intent as filled. */
  filled(): Promise<boolean>
}

/** The checks before anything is sent: each the reason the intent cannot go on, or undefined. */
export type ChecksPort = {
  nonceUsed(): Promise<string | undefined>
  lockShortfall(): Promise<string | undefined>
  priceMoved(): Promise<string | undefined>
  attesterAlive(): Promise<boolean>
  /** An ACCOUNT_ESCROW route: the account's balances, and its escrow ops simulated after its deployment. */
  accountEscrow(escrows: ElementPlan[]): Promise<string | undefined>
  /** These escrows and the fill simulated. */
  escrowsRevert(escrows: ElementPlan[]): Promise<string | undefined>
  /** The calls on arrival simulated after the fill (`beforeSetup`: before the account's setup ran). */
  callsRevert(options: { beforeSetup: boolean }): Promise<string | undefined>
}

export type AccountPort = {
  /** The account's setupOps and pre-claim operations; the reason the intent fails, or undefined. */
  setup(): Promise<string | undefined>
  /** The route's calls on arrival, as the account, once the fill is paid for. */
  destinationOps(): Promise<string | undefined>
}

export type SettlePorts = {
  journal: JournalPort
  store: StorePort
  clock: ClockPort
  chains: ChainReadsPort
  checks: ChecksPort
  account: AccountPort
  log: (event: string, fields: Record<string, unknown>) => void
}

/** One pass over one intent, as its handlers see it. */
export type Pass = {
  id: string
  sponsor: Address
  deadline: bigint
  expires: bigint
  plan: SettlementPlan
  /** Each element's claim record, as the pass last wrote them. */
  claims: readonly ClaimRecord[]
  /** tokenOut sent from the filler's inventory, should the fill be undone after the filler was paid. */
  delivery: DeliveryStep[]
  /** Blocks a step's receipt must be buried under; blocks the attester waits for before it signs. */
  depth: (chainId: number) => number
  attesterDepth: (chainId: number) => number
  /** Whether this pass read current prices already (preflight): its fill does not read them again. */
  pricesRead: boolean
  ports: SettlePorts
}

/** The later of the wall clock and these chains' heads (the fill's chain when none is named). */
export async function passNow(pass: Pass, chainIds: readonly number[] = [pass.plan.fill.chainId]): Promise<bigint> {
  const heads = await Promise.all([...new Set(chainIds)].map((id) => pass.ports.clock.head(id)))
  return heads.reduce((t, h) => (h > t ? h : t), pass.ports.clock.wall())
}

/** The claim record of an element: every element has one from submission, so a missing one is a
 * bug and throws (a transient failure of the pass, as any exception). */
export function claimOf(pass: Pass, elementIndex: number): ClaimRecord {
  const claim = pass.claims[elementIndex]
  if (!claim) throw new Error(`intent ${pass.id} has no claim record for element ${elementIndex}`)
  return claim
}
