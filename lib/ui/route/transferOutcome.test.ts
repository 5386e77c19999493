import { describe, expect, it } from 'vitest'
import { arrivedInSeconds, formatSeconds, plainFailureReason } from './transferOutcome'

describe('words', () => {
  it('maps reasons to words and never passes raw text through', () => {
    expect(plainFailureReason('the escrow of element 1 failed: ContractFunctionExecutionError')).toBe(
      'Your funds could not be drawn on the source chain.',
    )
    expect(
      plainFailureReason('the destination calls would revert after the fill (execution reverted); nothing was taken'),
    ).toBe('A call on arrival would fail, so the transfer was not delivered.')
    expect(
      plainFailureReason(
        'delivered, but the destination calls failed on chain 1 (reverted); tokenOut is with the account',
      ),
    ).toBe('The tokens arrived, but the call on arrival failed: they are in the account on the destination.')
    expect(plainFailureReason('expired: not filled before its fill deadline 123; nothing was taken')).toBe(
      'It was not delivered before its deadline.',
    )
    // An account's setup fails on the chain the filler names, a source as often as the destination.
    expect(
      plainFailureReason("the account's setupOps on chain 10 failed (execution reverted); nothing was taken"),
    ).toBe('Your account could not be set up on OP Mainnet.')
    expect(plainFailureReason('its setup failed')).toBe('Your account could not be set up on a chain of the route.')
    expect(plainFailureReason('something nobody foresaw')).toBe('The transfer could not be settled.')
    expect(plainFailureReason(undefined)).toBe('The transfer could not be settled.')
  })

  it('times an arrival to a tenth of a second', () => {
    expect(arrivedInSeconds({ submittedAt: '2026-01-01T10:00:00.300Z', updatedAt: '2026-01-01T10:00:09.000Z' })).toBe(
      8.7,
    )
    expect(arrivedInSeconds({ submittedAt: 'nonsense', updatedAt: '2026-01-01T10:00:09.000Z' })).toBeUndefined()
    // A fill in the block of the same second says 0 s: the service's own clock says how long it took.
    const sameSecond = {
      submittedAt: '2026-01-01T10:00:00.600Z',
      fillTimestamp: Date.parse('2026-01-01T10:00:00Z') / 1000,
    }
    expect(arrivedInSeconds({ ...sameSecond, updatedAt: '2026-01-01T10:00:02.100Z' })).toBe(1.5)
    expect(formatSeconds(4.2)).toBe('4.2 s')
    expect(formatSeconds(4)).toBe('4 s')
    expect(formatSeconds(300)).toBe('5 min')
  })
})
