import { beforeEach, describe, expect, it, vi } from 'vitest'
import { escrowStatus } from '../core/abi/arbiter'
import type { RefundRecord } from '../core/intent/intentRecords'
import { refundPass } from './refundPass'
import type { SettleContext } from './settleContext'

const chainState = {
  status: escrowStatus.held as number,
  refundableAfter: 1_000n,
  head: 500n,
  fillJournaled: false,
  returnRefused: false,
}
const sent: string[] = []

vi.mock('../storage/intentStore', () => ({ updateIntent: async () => {} }))
vi.mock('./sendStep', async (actual) => {
  const { StepRevertedError } = await actual<typeof import('./sendStep')>()
  return {
    StepRevertedError,
    hasJournal: async (_sql: unknown, _id: string, step: string) => step === 'fill' && chainState.fillJournaled,
    read: async () => ({ status: chainState.status, refundableAfter: chainState.refundableAfter }),
    sendStep: async (p: { step: string }) => {
      if (p.step.endsWith(':return') && chainState.returnRefused)
        throw new StepRevertedError('only the escrowing filler', true)
      sent.push(p.step)
      chainState.status = escrowStatus.refunded
      return { hash: `0x${'ab'.repeat(32)}`, timestamp: 1 }
    },
  }
})

const step = {
  call: { chainId: 8453, to: '0x0000000000000000000000000000000000000001', data: '0x', value: 0n },
  proof: () => true,
} as const
const context = {
  sql: {},
  id: '7',
  intent: { fill: null },
  plan: { elements: [{ elementIndex: 0, chainId: 8453, escrowState: {}, refund: step, returnEscrow: step }] },
  chainOf: () => ({ client: { getBlock: async () => ({ timestamp: chainState.head }) } }),
  depth: () => 0,
  log: () => {},
} as unknown as SettleContext
const pending: RefundRecord[] = [
  { chainId: 8453, elementIndex: 0, status: 'PENDING', reason: 'the intent failed after this chain’s escrow' },
]

describe('refund pass', () => {
  beforeEach(() => {
    Object.assign(chainState, { status: escrowStatus.held, head: 500n, fillJournaled: false, returnRefused: false })
    sent.length = 0
  })

  it('returns the escrow of an intent that sent no fill at once, long before the refund is due', async () => {
    const pass = await refundPass(context, pending)
    expect(sent).toEqual(['refund:0:return'])
    expect(pass).toMatchObject({ waiting: false, refunds: [{ status: 'COMPLETED', txHash: expect.any(String) }] })
  })

  it('never returns the escrow of an intent whose fill is journaled: waits, then the timed refund', async () => {
    chainState.fillJournaled = true
    expect(await refundPass(context, pending)).toMatchObject({ waiting: true, refunds: [{ status: 'PENDING' }] })
    expect(sent).toEqual([])
    chainState.head = 1_001n
    expect(await refundPass(context, pending)).toMatchObject({ waiting: false, refunds: [{ status: 'COMPLETED' }] })
    expect(sent).toEqual(['refund:0'])
  })

  it('falls back to the timed refund when the arbiter refuses the return', async () => {
    chainState.returnRefused = true
    expect(await refundPass(context, pending)).toMatchObject({ waiting: true, refunds: [{ status: 'PENDING' }] })
    chainState.head = 1_001n
    expect(await refundPass(context, pending)).toMatchObject({ waiting: false, refunds: [{ status: 'COMPLETED' }] })
    expect(sent).toEqual(['refund:0'])
  })
})
