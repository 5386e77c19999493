import { describe, expect, it } from 'vitest'
import { accessPolicy } from '../request/accessPolicy'
import { type ChainUse, chainsToRead } from './chainsToRead'

const served = [1, 10, 8453, 42161]
const PRICES = 1

function use(o: Partial<ChainUse> & { accessList?: Parameters<typeof accessPolicy>[0] }): ChainUse {
  return {
    served,
    destination: 8453,
    groups: ['USDC'],
    access: accessPolicy(o.accessList, served),
    preClaimExecutions: {},
    input: { signedAuthorizations: [], recipientSignedAuthorizations: [] },
    ...o,
  }
}

describe('chainsToRead', () => {
  it('reads every served chain holding the route’s asset when nothing restricts the sources', () => {
    expect(chainsToRead(use({}), PRICES)).toEqual(served)
  })

  it('reads only the allowed source, the destination and the price chain for a restricted request', () => {
    expect(chainsToRead(use({ accessList: { chainIds: [42161] } }), PRICES).sort((a, b) => a - b)).toEqual([
      1, 8453, 42161,
    ])
    expect(
      chainsToRead(use({ accessList: [{ chainId: 10, tokenAddress: 'USDC' }] }), 8453).sort((a, b) => a - b),
    ).toEqual([10, 8453])
  })

  it('keeps the chains the request names: authorizations and pre-claim operations', () => {
    const auth = { chainId: 10 } as ChainUse['input']['signedAuthorizations'][number]
    const named = use({
      accessList: { chainIds: [42161] },
      input: { signedAuthorizations: [auth], recipientSignedAuthorizations: [] },
      preClaimExecutions: { '1': [] },
    })
    expect(chainsToRead(named, 8453).sort((a, b) => a - b)).toEqual([1, 10, 8453, 42161])
  })

  it('never reads a chain that is not served', () => {
    const auth = { chainId: 137 } as ChainUse['input']['signedAuthorizations'][number]
    expect(
      chainsToRead(use({ input: { signedAuthorizations: [auth], recipientSignedAuthorizations: [] } }), PRICES),
    ).not.toContain(137)
  })
})
