// Cases a review turned up: authorizations whose nonce cannot be read are refused, not carried.
import { describe, expect, it } from 'vitest'
import { routeEngine } from '../support/routeEngine'

const engine = routeEngine()

describe('EIP-7702 authorizations that cannot be checked', () => {
  it('an authorization for a chain this deployment does not serve is a 400 naming it', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: 10_000_000n }])
    const delegate = '0x00000000000000000000000000000000000D1e6A'
    const auth = await user.signAuthorization({ chainId: 999, address: delegate, nonce: 0 })
    const failure = await engine
      .route({
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
        account: { address: user.address, delegations: { 999: { contract: delegate } } },
        signedAuthorizations: [
          { chainId: 999, address: delegate, nonce: '0', yParity: auth.yParity, r: auth.r, s: auth.s },
        ],
      })
      .catch((e: unknown) => e)
    expect(failure).toMatchObject({
      kind: 'invalid_input',
      message: expect.stringMatching(/signedAuthorizations\.0: chain 999 is not served/),
    })
  })
})
