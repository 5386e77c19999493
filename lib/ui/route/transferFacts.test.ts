import { describe, expect, it } from 'vitest'
import { transferFacts } from './transferFacts'

describe('transferFacts', () => {
  it('names no account for a plain wallet, and the funds it draws', () => {
    expect(transferFacts({ kind: 'eoa' }, ['PERMIT2', 'PERMIT2'])).toEqual({ funds: 'Unlocked funds' })
    expect(transferFacts({ kind: 'eoa' }, ['COMPACT'])).toEqual({ funds: 'Locked funds (The Compact)' })
  })

  it('names a smart account and its one-time setup fee as such', () => {
    expect(transferFacts({ kind: 'nexus' }, ['COMPACT'])).toEqual({
      account: 'Smart account (Nexus)',
      setup: 'Includes the one-time account setup fee',
      funds: 'Locked funds (The Compact)',
    })
    // A 7702 account spending unlocked funds: whatever the quote says, the card says.
    expect(transferFacts({ kind: 'eip7702' }, ['PERMIT2', 'COMPACT'])).toMatchObject({
      account: 'Your address as a smart account (EIP-7702)',
      funds: 'Unlocked funds and Locked funds (The Compact)',
    })
  })
})
