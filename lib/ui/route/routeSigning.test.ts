import { UserRejectedRequestError } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { demoAccount } from '../../devnet/demoAccount'
import { fixtureIntentOp } from './fixtures/routes'
import {
  chainToSwitch,
  signingBlocker,
  signingFailure,
  signingItems,
  typedDataJson,
  verifiedSignatures,
  verifyRouteSignature,
} from './routeSigning'

const sponsor = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('signingItems', () => {
  it('asks for one typed data per element, in the domain the SDK uses', () => {
    const permit2 = signingItems(fixtureIntentOp('eco'))
    expect(permit2.map((i) => [i.typedData.primaryType, i.chainId])).toEqual([
      ['PermitBatchWitnessTransferFrom', 8453],
      ['PermitBatchWitnessTransferFrom', 42161],
    ])
    expect(permit2[0]!.title).toBe('Permit2: batch transfer with mandate for element 1 (Base)')
    expect(signingItems(fixtureIntentOp('compact')).map((i) => i.typedData.primaryType)).toEqual(['MultichainCompact'])
    // Intent-executor routes sign SingleChainOps in the destination's domain, for every element.
    expect(signingItems(fixtureIntentOp('oft')).map((i) => [i.typedData.primaryType, i.chainId])).toEqual([
      ['SingleChainOps', 42161],
    ])
  })

  it('shows typed data with its big numbers as exact decimal strings', () => {
    const [item] = signingItems(fixtureIntentOp('crossChain'))
    const shown = JSON.parse(typedDataJson(item!.typedData))
    expect(shown.message.nonce).toBe(fixtureIntentOp('crossChain').nonce)
    expect(shown.message.deadline).toBe(fixtureIntentOp('crossChain').expires)
  })
})

describe('verifyRouteSignature', () => {
  it('accepts the sponsor’s signature and rejects anyone else’s', async () => {
    const [item] = signingItems(fixtureIntentOp('crossChain'))
    const own = await demoAccount.signTypedData(item!.typedData as never)
    expect(await verifyRouteSignature(item!, own, sponsor)).toEqual({ signer: sponsor, verified: true })
    const other = privateKeyToAccount('0x0123456789012345678901234567890123456789012345678901234567890123')
    const theirs = await other.signTypedData(item!.typedData as never)
    expect(await verifyRouteSignature(item!, theirs, sponsor)).toEqual({ signer: other.address, verified: false })
    expect(await verifyRouteSignature(item!, '0x00', sponsor)).toEqual({ verified: false })
  })
})

describe('signing rules', () => {
  it('refuses an expired route, no wallet, or another wallet than the sponsor', () => {
    expect(signingBlocker({ expired: true, walletAddress: sponsor, sponsor })).toMatch(/expired/)
    expect(signingBlocker({ expired: false, walletAddress: undefined, sponsor })).toMatch(
      /^Connect the wallet of 0x7099/,
    )
    expect(
      signingBlocker({ expired: false, walletAddress: '0x1111111111111111111111111111111111111111', sponsor }),
    ).toMatch(/the connected wallet is 0x1111/)
    expect(signingBlocker({ expired: false, walletAddress: sponsor.toLowerCase(), sponsor })).toBeUndefined()
  })

  it('switches a browser wallet to the typed data’s chain when it is elsewhere; the demo wallet signs any domain', () => {
    const [item] = signingItems(fixtureIntentOp('crossChain'))
    expect(chainToSwitch({ walletChainId: 1, connectorId: 'io.metamask' }, item!)).toBe(8453)
    expect(chainToSwitch({ walletChainId: 8453, connectorId: 'io.metamask' }, item!)).toBeUndefined()
    expect(chainToSwitch({ walletChainId: 1, connectorId: 'demoWallet' }, item!)).toBeUndefined()
  })

  it('takes a declined signature calmly', () => {
    expect(signingFailure(new UserRejectedRequestError(new Error('User rejected the request.')))).toEqual({
      rejected: true,
      message: expect.stringMatching(/^You declined the signature/),
    })
    expect(signingFailure({ code: 4001 })).toMatchObject({ rejected: true })
    expect(signingFailure(new Error('boom'))).toEqual({
      rejected: false,
      message: 'The wallet did not respond as expected. Try again.',
    })
  })
})

describe('verifiedSignatures', () => {
  const items = [{ index: 0 }, { index: 1 }]
  it('gives the signatures in element order once every one is in and verified', () => {
    expect(
      verifiedSignatures(items, { 1: { signature: '0x02', verified: true }, 0: { signature: '0x01', verified: true } }),
    ).toEqual(['0x01', '0x02'])
  })
  it('gives nothing while one is missing or does not recover to the sponsor', () => {
    expect(verifiedSignatures(items, { 0: { signature: '0x01', verified: true } })).toBeUndefined()
    expect(
      verifiedSignatures(items, {
        0: { signature: '0x01', verified: true },
        1: { signature: '0x02', verified: false },
      }),
    ).toBeUndefined()
    expect(verifiedSignatures([], {})).toBeUndefined()
  })
})
