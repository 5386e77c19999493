import { describe, expect, it } from 'vitest'
import type { IntentStatusResponse } from '../../api/intentOperation'
import { addresses } from '../../core/addresses'
import {
  describeIntentFailure,
  intentHeadline,
  intentPollInterval,
  intentStatusByNonce,
  intentStatusLabel,
  intentTimeline,
  isFinalStatus,
  routeShape,
} from './intentTimeline'

const hash = (c: string) => `0x${c.repeat(64)}` as const
const base: IntentStatusResponse = {
  id: '42',
  status: 'PENDING',
  destinationChainId: 10,
  userAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  claims: [
    { chainId: 8453, status: 'PENDING' },
    { chainId: 42161, status: 'PENDING' },
  ],
  submittedAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:00.000Z',
}

const view = (i: IntentStatusResponse) => intentTimeline(i).map((s) => [s.title, s.state])

describe('intentTimeline', () => {
  it("shows a smart account's deployment before the claims and its calls after the delivery, each with its transaction", () => {
    const completed: IntentStatusResponse = {
      ...base,
      status: 'COMPLETED',
      claims: [{ chainId: 8453, status: 'COMPLETED', claimTransactionHash: hash('a') }],
      fillTransactionHash: hash('c'),
      accountOperations: [
        { kind: 'setup', chainId: 8453, transactionHash: hash('d') },
        { kind: 'setup', chainId: 10, transactionHash: hash('e') },
        { kind: 'destinationCalls', chainId: 10, transactionHash: hash('f') },
      ],
    }
    const steps = intentTimeline(completed)
    expect(steps.map((s) => [s.kind, s.title, s.state, s.hash])).toEqual([
      ['submitted', 'Submitted', 'done', undefined],
      ['setup', 'Account set up on Base', 'done', hash('d')],
      ['setup', 'Account set up on OP Mainnet', 'done', hash('e')],
      ['claim', 'Claimed on Base', 'done', hash('a')],
      ['fill', 'Delivered on OP Mainnet', 'done', hash('c')],
      ['calls', 'Calls ran on OP Mainnet', 'done', hash('f')],
      ['final', 'Completed', 'done', undefined],
    ])
  })

  it("shows an OFT send as the account's own operations, then LayerZero carrying it, never as a claim", () => {
    const oft: IntentStatusResponse = {
      ...base,
      status: 'COMPLETED',
      destinationChainId: 1,
      claims: [{ chainId: 10, status: 'PENDING' }],
      fillTransactionHash: hash('c'),
      accountOperations: [
        { kind: 'setup', chainId: 10, transactionHash: hash('d') },
        { kind: 'singleChainOps', chainId: 10, transactionHash: hash('e') },
      ],
    }
    const expected = [
      ['Submitted', 'done'],
      ['Account set up on OP Mainnet', 'done'],
      ['Sent from OP Mainnet by your account', 'done'],
      ['Carried to Ethereum over LayerZero', 'done'],
      ['Delivered on Ethereum by the OFT adapter', 'done'],
      ['Completed', 'done'],
    ]
    expect(view(oft)).toEqual(expected)
    expect(intentTimeline(oft).find((s) => s.kind === 'ownOps')?.hash).toBe(hash('e'))
    // With the route's shape, the same before the ops ran: the send in progress, nothing claimed.
    const shape = { ownOps: [10], bridge: 'OFT' as const }
    expect(view(oft).map(([t]) => t)).toEqual(intentTimeline(oft, shape).map((s) => s.title))
    const pending = { ...base, destinationChainId: 1, claims: [{ chainId: 10, status: 'PENDING' as const }] }
    expect(view({ ...pending }).map(([t]) => t)).toContain('Claiming on OP Mainnet')
    expect(intentTimeline(pending, shape).map((s) => [s.title, s.state])).toEqual([
      ['Submitted', 'done'],
      ['Sending from OP Mainnet', 'active'],
      ['Crossing to Ethereum over LayerZero', 'waiting'],
      ['Delivering on Ethereum', 'waiting'],
      ['Completed', 'waiting'],
    ])
  })

  it("shows an account's operations on one chain as its own, not as a claim", () => {
    const single: IntentStatusResponse = {
      ...base,
      status: 'COMPLETED',
      claims: [{ chainId: 10, status: 'PENDING' }],
      fillTransactionHash: hash('e'),
      accountOperations: [{ kind: 'singleChainOps', chainId: 10, transactionHash: hash('e') }],
    }
    expect(view(single)).toEqual([
      ['Submitted', 'done'],
      ["Your account's operations ran on OP Mainnet", 'done'],
      ['Delivered on OP Mainnet', 'done'],
      ['Completed', 'done'],
    ])
  })

  it('reads the shape from the route: the intent executor as arbiter is own ops, an OFT bridge fill a bridge', () => {
    const across = '0x0000000000000000000000000000000000000A11'
    const element = (chainId: string, arbiter: string, bridgeFill?: { type: 'OFT' }) => ({
      chainId,
      arbiter,
      mandate: {
        qualifier: {
          settlementContext: {
            settlementLayer: 'INTENT_EXECUTOR',
            fundingMethod: 'NO_FUNDING',
            ...(bridgeFill ? { bridgeFill } : {}),
          },
        },
      },
    })
    const executor = addresses.intentExecutor
    expect(routeShape([element('10', executor, { type: 'OFT' })])).toEqual({ ownOps: [10], bridge: 'OFT' })
    expect(routeShape([element('8453', executor)])).toEqual({ ownOps: [8453] })
    // The account's own escrow: the same on the wire, but the layers' arbiters.
    expect(routeShape([element('8453', across), element('1', across)])).toBeUndefined()
    expect(routeShape([])).toBeUndefined()
  })

  it('keeps an escrow route’s claims: ops that completed their chain’s claim are the escrow', () => {
    const escrowed: IntentStatusResponse = {
      ...base,
      status: 'COMPLETED',
      destinationChainId: 1,
      claims: [{ chainId: 8453, status: 'COMPLETED', claimTransactionHash: hash('a') }],
      fillTransactionHash: hash('c'),
      accountOperations: [{ kind: 'singleChainOps', chainId: 8453, transactionHash: hash('a') }],
    }
    expect(view(escrowed)).toEqual([
      ['Submitted', 'done'],
      ['Claimed on Base', 'done'],
      ['Delivered on Ethereum', 'done'],
      ['Completed', 'done'],
    ])
  })

  it('marks the calls failed when the filler says they reverted, and a setup that failed on its chain', () => {
    const failedCalls: IntentStatusResponse = {
      ...base,
      status: 'FAILED',
      failureReason: 'delivered, but the destination calls failed on chain 10 (reverted); tokenOut is with the account',
      accountOperations: [{ kind: 'destinationCalls', chainId: 10, transactionHash: hash('f') }],
    }
    expect(view(failedCalls)).toContainEqual(['Calls failed on OP Mainnet', 'failed'])
    const failedSetup: IntentStatusResponse = {
      ...base,
      status: 'FAILED',
      failureReason: "the account's setupOps on chain 8453 failed (reverted); nothing was taken",
      accountOperations: [{ kind: 'setup', chainId: 8453, transactionHash: hash('d') }],
    }
    expect(view(failedSetup)).toContainEqual(['Account not set up on Base', 'failed'])
  })

  it('shows each refund with its chain, reason and transaction, and tolerates a status without refunds', () => {
    const failed = {
      ...base,
      status: 'FAILED',
      failureReason: 'fill reverted',
      claims: [
        { chainId: 8453, status: 'COMPLETED', claimTimestamp: 1_750_000_000, claimTransactionHash: hash('a') },
        { chainId: 42161, status: 'COMPLETED', claimTimestamp: 1_750_000_001, claimTransactionHash: hash('b') },
      ],
      refunds: [
        {
          chainId: 8453,
          status: 'COMPLETED',
          transactionHash: hash('c'),
          timestamp: 1_750_000_100,
          reason: 'the fill reverted: claimed funds returned',
        },
        { chainId: 42161, status: 'PENDING', reason: 'the fill reverted: claimed funds returned' },
      ],
    } as IntentStatusResponse
    const steps = intentTimeline(failed)
    const refunds = steps.filter((s) => s.kind === 'refund')
    expect(refunds.map((s) => [s.title, s.state, s.detail])).toEqual([
      ['Refunded on Base', 'done', 'the fill reverted: claimed funds returned'],
      ['Refunding on Arbitrum One', 'active', 'the fill reverted: claimed funds returned'],
    ])
    expect(refunds[0]!.hash).toBe(hash('c'))
    expect(steps.at(-1)).toMatchObject({ kind: 'final', title: 'Failed', state: 'failed' })
    expect(intentTimeline(base).some((s) => s.kind === 'refund')).toBe(false)
  })

  it('starts as Submitted, with the first claim in progress and the rest waiting', () => {
    expect(view(base)).toEqual([
      ['Submitted', 'done'],
      ['Claiming on Base', 'active'],
      ['Claiming on Arbitrum One', 'waiting'],
      ['Delivering on OP Mainnet', 'waiting'],
      ['Completed', 'waiting'],
    ])
    expect(intentHeadline(base)).toBe('Submitted: waiting for the filler to claim the funds.')
  })

  it('shows each claim with its chain, time and hash, then the delivery and completion', () => {
    const completed: IntentStatusResponse = {
      ...base,
      status: 'COMPLETED',
      claims: [
        { chainId: 8453, status: 'COMPLETED', claimTimestamp: 1_750_000_000, claimTransactionHash: hash('a') },
        { chainId: 42161, status: 'COMPLETED', claimTimestamp: 1_750_000_001, claimTransactionHash: hash('b') },
      ],
      fillTimestamp: 1_750_000_002,
      fillTransactionHash: hash('c'),
      updatedAt: '2025-06-01T10:00:03.000Z',
    }
    const steps = intentTimeline(completed)
    expect(steps.map((s) => [s.title, s.state, s.stateLabel])).toEqual([
      ['Submitted', 'done', 'Done'],
      ['Claimed on Base', 'done', 'Done'],
      ['Claimed on Arbitrum One', 'done', 'Done'],
      ['Delivered on OP Mainnet', 'done', 'Done'],
      ['Completed', 'done', 'Done'],
    ])
    expect(steps[1]).toMatchObject({ chainId: 8453, hash: hash('a'), time: new Date(1_750_000_000_000) })
    expect(steps[3]).toMatchObject({ chainId: 10, hash: hash('c'), time: new Date(1_750_000_002_000) })
    expect(steps[4]!.time).toEqual(new Date('2025-06-01T10:00:03.000Z'))
    expect(intentHeadline(completed)).toBe('Completed: the tokens arrived on OP Mainnet.')
  })

  it('moves to the delivery once every claim is in', () => {
    const claimed: IntentStatusResponse = {
      ...base,
      status: 'CLAIMED',
      claims: base.claims.map((c) => ({ ...c, status: 'COMPLETED' as const })),
    }
    expect(view(claimed).slice(3)).toEqual([
      ['Delivering on OP Mainnet', 'active'],
      ['Completed', 'waiting'],
    ])
    expect(view({ ...claimed, status: 'FILLED', fillTransactionHash: hash('c') }).slice(3)).toEqual([
      ['Delivered on OP Mainnet', 'done'],
      ['Completed', 'active'],
    ])
  })

  it('marks what did not happen on a failure', () => {
    const failed: IntentStatusResponse = {
      ...base,
      status: 'FAILED',
      claims: [
        { chainId: 8453, status: 'COMPLETED', claimTransactionHash: hash('a') },
        { chainId: 42161, status: 'FAILED' },
      ],
      failureReason: 'the fill failed after the claims: reverted',
    }
    expect(view(failed)).toEqual([
      ['Submitted', 'done'],
      ['Claimed on Base', 'done'],
      ['Not claimed on Arbitrum One', 'failed'],
      ['Not delivered on OP Mainnet', 'failed'],
      ['Failed', 'failed'],
    ])
    expect(intentHeadline(failed)).toBe('Failed: this route was not settled.')
  })
})

describe('describeIntentFailure', () => {
  it('says an expired intent expired, that nothing was claimed, and to request a new route', () => {
    const advice = describeIntentFailure({
      expired: true,
      failureReason: 'expired: not filled before its fill deadline 1750000000; nothing was claimed',
      claims: [{ chainId: 10, status: 'FAILED' }],
    })
    expect(advice.title).toBe('The route expired before it was delivered')
    expect(advice.detail).toMatch(/^It was not filled before its deadline, and none of your funds were claimed\./)
    expect(advice.action).toMatch(/^Request a new route/)
  })
  it('gives the filler’s reason in a sentence', () => {
    const advice = describeIntentFailure({
      failureReason: 'the claim of element 0 on chain 10 would revert (InvalidSignature); nothing was claimed',
      claims: [{ chainId: 10, status: 'FAILED' }],
    })
    expect(advice).toMatchObject({
      title: 'The route could not be settled',
      detail: 'The claim of element 0 on chain 10 would revert (InvalidSignature); nothing was claimed.',
    })
    expect(describeIntentFailure({ claims: [] }).detail).toBe('The service gave no reason.')
    expect(
      describeIntentFailure({
        failureReason: 'the fill failed after the claims: boom.',
        claims: [{ chainId: 10, status: 'COMPLETED' }],
      }),
    ).toMatchObject({
      title: 'The route failed after some funds were claimed',
      detail: 'The fill failed after the claims: boom.',
    })
  })
})

describe('polling', () => {
  it('polls every second until the status is final', () => {
    expect(intentPollInterval(undefined, 0)).toBe(1000)
    expect(intentPollInterval('CLAIMED', 0)).toBe(1000)
    expect(intentPollInterval('COMPLETED', 0)).toBe(false)
    expect(intentPollInterval('FAILED', 0)).toBe(false)
    expect(isFinalStatus('FILLED')).toBe(false)
  })
  it('backs off after errors, up to 30 s, and stops on a final client error', () => {
    expect([1, 2, 3, 5, 10].map((n) => intentPollInterval('PENDING', n, 503))).toEqual([2000, 4000, 8000, 30000, 30000])
    expect(intentPollInterval('PENDING', 1, 429)).toBe(2000)
    expect(intentPollInterval('PENDING', 1, 404)).toBe(false)
    expect(intentPollInterval('PENDING', 1, 403)).toBe(false)
  })
})

describe('history statuses', () => {
  it('maps nonces to short words', () => {
    const map = intentStatusByNonce([
      { id: '1', status: 'COMPLETED' },
      { id: '2', status: 'PENDING' },
    ])
    expect(map.get('1')).toBe('COMPLETED')
    expect(map.get('3')).toBeUndefined()
    expect(
      ['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED', 'FAILED'].map((s) => intentStatusLabel(s as 'PENDING')),
    ).toEqual(['Submitted', 'Claimed', 'Delivered', 'Completed', 'Failed'])
  })
})
