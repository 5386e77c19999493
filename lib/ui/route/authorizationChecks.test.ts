import { describe, expect, it } from 'vitest'
import { checkAuthorizations, requiredDelegations } from './authorizationChecks'
import { fixtureIntentOp } from './fixtures/routes'

describe('EIP-7702 checks', () => {
  it('lists the delegations the account still needs, per chain', () => {
    const delegate = '0x00000000000000000000000000000000000D1e6A'
    expect(requiredDelegations(fixtureIntentOp('executions'))).toEqual([
      { who: 'account', chainId: 8453, chainName: 'Base', contract: delegate },
      { who: 'account', chainId: 42161, chainName: 'Arbitrum One', contract: delegate },
    ])
    expect(requiredDelegations(fixtureIntentOp('crossChain'))).toEqual([])
  })

  it('verifies an authorization signed by the sponsor', async () => {
    expect(await checkAuthorizations(fixtureIntentOp('executions'))).toEqual([
      {
        who: 'account',
        chainId: 8453,
        chainName: 'Base',
        contract: '0x00000000000000000000000000000000000D1e6A',
        nonce: '0',
        expectedSigner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        signer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        verified: true,
      },
    ])
  })

  it('does not verify one whose signature belongs to another authorization', async () => {
    const op = fixtureIntentOp('executions')
    op.signedAuthorizations[0]!.nonce = '1' // signed for nonce 0: recovers to someone else
    const [check] = await checkAuthorizations(op)
    expect(check).toMatchObject({ verified: false, signer: expect.stringMatching(/^0x/) })
    expect(check!.signer).not.toBe(op.sponsor)
  })
})
