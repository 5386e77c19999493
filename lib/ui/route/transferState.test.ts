import { describe, expect, it } from 'vitest'
import type { IntentStatusResponse } from '../../api/intentOperation'
import { fixtureRoute } from './fixtures/routes'
import { requirementSteps } from './requirementSteps'
import { type PhaseInput, routePhase } from './routePhase'
import { quoteState, type RouteTransferInput, transferState } from './transferState'

const hash = (c: string) => `0x${c.repeat(64)}` as const
const phase = (over: Partial<PhaseInput>) =>
  routePhase({ submitted: undefined, outdated: undefined, expired: false, requirementsOpen: 0, signed: false, ...over })
const wrap = fixtureRoute('wrap').route
const wrapSteps = requirementSteps(wrap.tokenRequirements, wrap.intentOp!.signedMetadata.gasPrices)
const input = (over: Partial<RouteTransferInput>): RouteTransferInput => ({
  phase: phase({}),
  quoting: false,
  requirements: [],
  authorizations: { needed: 0, signed: false },
  walletBlocker: undefined,
  busy: false,
  stepError: undefined,
  submitError: undefined,
  intent: undefined,
  canRequote: true,
  ...over,
})
const intent = (over: Partial<IntentStatusResponse>): IntentStatusResponse => ({
  id: '42',
  status: 'PENDING',
  destinationChainId: 42161,
  userAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  claims: [{ chainId: 8453, status: 'PENDING' }],
  submittedAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...over,
})

describe('transferState before a route', () => {
  it('says when there is nothing to move, while it quotes, and why a quote failed', () => {
    expect(quoteState({ kind: 'nothing-to-move', message: 'held' })).toMatchObject({
      stage: 'nothing-to-move',
      title: 'Already there, nothing to move',
      showQuote: false,
    })
    const tooMuch = quoteState({
      kind: 'cannot-settle',
      title: 'More than a transfer can draw',
      message: 'at most 2,050.5 USDC',
      alternative: 'Send the most possible',
    })
    expect(tooMuch).toMatchObject({
      stage: 'cannot-settle',
      action: { kind: 'alternative', label: 'Send the most possible', enabled: true },
    })
    expect(quoteState({ kind: 'quoting' })).toMatchObject({ stage: 'quoting', showQuote: false })
    expect(quoteState({ kind: 'failed', title: 'No route', detail: 'why', canRetry: true }).action).toEqual({
      kind: 'requote',
      label: 'Try again',
      enabled: true,
    })
    expect(quoteState({ kind: 'failed', title: 'No route', detail: 'why', canRetry: false }).action).toBeUndefined()
  })
})

describe('transferState with a route', () => {
  it('walks each requirement, the authorizations, Sign, then Submit, showing the quote throughout', () => {
    const first = transferState(
      input({ phase: phase({ requirementsOpen: wrapSteps.length }), requirements: wrapSteps }),
    )
    expect(first).toMatchObject({
      stage: 'requirement',
      showQuote: true,
      action: { kind: 'requirement', enabled: true },
    })
    expect(first.action?.label).toMatch(/^(Approve|Wrap) /)
    const auth = transferState(input({ authorizations: { needed: 2, signed: false } }))
    expect(auth).toMatchObject({ stage: 'authorize', action: { kind: 'authorize', label: 'Sign 2 authorizations' } })
    expect(transferState(input({ authorizations: { needed: 1, signed: true } })).stage).toBe('sign')
    expect(transferState(input({})).action).toEqual({ kind: 'sign', label: 'Sign', enabled: true })
    expect(transferState(input({ phase: phase({ signed: true }) })).action).toEqual({
      kind: 'submit',
      label: 'Submit',
      enabled: true,
    })
  })

  it('puts every step’s error on the card: a refused signature, a failed authorization, a submit that did not arrive', () => {
    expect(transferState(input({ stepError: 'You declined in your wallet.' })).error).toBe(
      'You declined in your wallet.',
    )
    expect(
      transferState(
        input({
          authorizations: { needed: 1, signed: false, failure: 'This wallet cannot sign EIP-7702 authorizations.' },
        }),
      ).error,
    ).toMatch(/cannot sign/)
    const failedSubmit = transferState(
      input({ phase: phase({ signed: true }), submitError: 'The service could not be reached.' }),
    )
    expect(failedSubmit).toMatchObject({
      stage: 'submit',
      error: 'The service could not be reached.',
      action: { kind: 'submit', label: 'Submit again' },
    })
    const refused = transferState(
      input({ phase: phase({ signed: true }), submitError: 'Refused.', submitRefused: true }),
    )
    expect(refused.action).toEqual({ kind: 'requote', label: 'Get a new quote', enabled: true })
  })

  it('says why a wallet cannot act and keeps the button closed', () => {
    const s = transferState(input({ walletBlocker: 'Connect the wallet of 0x7099…' }))
    expect(s).toMatchObject({ detail: 'Connect the wallet of 0x7099…', action: { enabled: false } })
    expect(transferState(input({ busy: true })).action?.enabled).toBe(false)
  })

  it('shows no stale quote while a new one is asked for, after a change, or past the deadline', () => {
    expect(transferState(input({ quoting: true, phase: phase({ signed: true }) }))).toMatchObject({
      stage: 'quoting',
      showQuote: false,
    })
    expect(transferState(input({ phase: phase({ outdated: 'The amount changed.' }) }))).toMatchObject({
      stage: 'outdated',
      showQuote: false,
      action: { kind: 'requote' },
    })
    const expired = transferState(input({ phase: phase({ expired: true }) }))
    expect(expired).toMatchObject({
      stage: 'expired',
      title: 'Expired',
      showQuote: false,
      action: { kind: 'requote', label: 'Get a new quote' },
    })
    expect(transferState(input({ phase: phase({ expired: true }), canRequote: false })).action).toBeUndefined()
  })

  it('settles in plain words, with no button and no quote', () => {
    const claimed = intent({ status: 'CLAIMED' })
    const s = transferState(input({ phase: phase({ submitted: { status: 'CLAIMED' } }), intent: claimed }))
    expect(s).toMatchObject({ stage: 'settling', title: 'On its way', showQuote: false })
    expect(s.action).toBeUndefined()
    expect(s.steps.map((x) => [x.label, x.state])).toEqual([
      ['Sent', 'done'],
      ['Delivering on Arbitrum One', 'active'],
      ['Settling', 'waiting'],
    ])
    // Even a quote on its way does not hide a submitted transfer.
    expect(transferState(input({ quoting: true, phase: phase({ submitted: { status: undefined } }) })).stage).toBe(
      'settling',
    )
  })

  it('completes with the time it took, the delivery and a new transfer', () => {
    const done = intent({
      status: 'COMPLETED',
      fillTransactionHash: hash('c'),
      fillTimestamp: Date.parse('2026-01-01T10:00:04.000Z') / 1000,
    })
    const s = transferState(input({ phase: phase({ submitted: { status: 'COMPLETED' } }), intent: done }))
    expect(s).toMatchObject({ stage: 'completed', title: 'Completed', detail: 'Arrived in 4 s', showQuote: false })
    expect(s.outcome).toEqual({ arrivedInSeconds: 4, delivery: { chainId: 42161, hash: hash('c') } })
    expect(s.action).toEqual({ kind: 'new-transfer', label: 'New transfer', enabled: true })
    expect(s.steps.every((x) => x.state === 'done')).toBe(true)
  })

  it('fails with a plain reason and what happened to the funds', () => {
    // The filler's reason when a call on arrival would revert (lib/filler/runAccountSteps.ts).
    const failureReason =
      'the destination calls would revert after the fill (execution reverted (0x08c379a0…)); nothing was taken'
    const call = intent({ status: 'FAILED', failureReason })
    const s = transferState(input({ phase: phase({ submitted: { status: 'FAILED' } }), intent: call }))
    expect(s).toMatchObject({
      stage: 'failed',
      title: 'Failed',
      detail: 'A call on arrival would fail, so the transfer was not delivered.',
    })
    expect(s.detail).not.toMatch(/0x|revert/)
    expect(s.outcome?.funds).toBe('Nothing was taken from your account.')
    const refunded = intent({
      status: 'FAILED',
      failureReason: 'the fill failed',
      claims: [{ chainId: 8453, status: 'COMPLETED' }],
      refunds: [{ chainId: 8453, status: 'COMPLETED', transactionHash: hash('r'), reason: 'not filled' }],
    })
    expect(
      transferState(input({ phase: phase({ submitted: { status: 'FAILED' } }), intent: refunded })).outcome,
    ).toEqual({
      funds: 'Refunded on Base.',
      refund: { chainId: 8453, hash: hash('r') },
    })
    const pending = intent({ status: 'FAILED', refunds: [{ chainId: 8453, status: 'PENDING', reason: 'x' }] })
    expect(
      transferState(input({ phase: phase({ submitted: { status: 'FAILED' } }), intent: pending })).outcome?.funds,
    ).toMatch(/^Being refunded on Base/)
    const expired = intent({ status: 'FAILED', expired: true, failureReason: 'expired: not filled by the deadline' })
    expect(transferState(input({ phase: phase({ submitted: { status: 'FAILED' } }), intent: expired }))).toMatchObject({
      title: 'Expired before delivery',
      detail: 'It was not delivered before its deadline.',
    })
  })
})
