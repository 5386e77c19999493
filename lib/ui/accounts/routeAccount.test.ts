import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { nexusDeployment, nexusEip7702Account, nexusEip7702InitTypedData } from '../../core/accounts/nexusAccount'
import { nexus } from '../../core/accounts/smartAccounts'
import type { RouteTypedData } from '../../core/intentOp/typedData'
import { checkAccountSignature } from './accountSignature'
import { asSubmitted, authorizationRequests, checkSignedAuthorization } from './authorizationRequests'
import { routeAccount } from './routeAccount'

const owner = privateKeyToAccount(generatePrivateKey())
const metadata = (
  setupOps: { to: Address; data: Hex }[],
  requiredDelegations: Record<string, { contract: Address }> = {},
) => ({ account: { setupOps, requiredDelegations } }) as never
const typedData = {
  domain: { name: 'Permit2', chainId: 8453, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
  types: { Ping: [{ name: 'n', type: 'uint256' }] },
  primaryType: 'Ping',
  message: { n: 1n },
} as unknown as RouteTypedData

describe('routeAccount', () => {
  it('a Nexus route is signed by the owner in its factory call', () => {
    const d = nexusDeployment(owner.address)
    expect(routeAccount({ sponsor: d.address, signedMetadata: metadata([d.setupOp]) })).toMatchObject({
      kind: 'nexus',
      address: d.address,
      signer: owner.address,
    })
  })

  it('a 7702 route is signed by the EOA itself, delegating to the declared contract', async () => {
    const fields = nexusEip7702Account(
      owner.address,
      await owner.signTypedData(nexusEip7702InitTypedData(owner.address)),
    )
    const account = routeAccount({
      sponsor: owner.address,
      signedMetadata: metadata(fields.setupOps, { 10: { contract: nexus.implementation } }),
    })
    expect(account).toMatchObject({ kind: 'eip7702', signer: owner.address, delegate: nexus.implementation })
  })

  it('anything else is an EOA signing for itself', () => {
    expect(routeAccount({ sponsor: owner.address, signedMetadata: metadata([]) })).toEqual({
      kind: 'eoa',
      address: owner.address,
      signer: owner.address,
    })
  })
})

describe('checkAccountSignature', () => {
  it('packs the owner signature behind the default validator and checks it with ERC-6492 while the account has no code', async () => {
    const d = nexusDeployment(owner.address)
    const account = routeAccount({ sponsor: d.address, signedMetadata: metadata([d.setupOp]) })
    const raw = await owner.signTypedData(typedData as never)
    let asked: Record<string, unknown> = {}
    const client = {
      getCode: async () => undefined,
      verifyTypedData: (async (p: Record<string, unknown>) => {
        asked = p
        return true
      }) as never,
    }
    const check = await checkAccountSignature(account, typedData, raw, client)
    expect(check).toEqual({ signature: `0x${'0'.repeat(40)}${raw.slice(2)}`, signer: owner.address, verified: true })
    expect(asked).toMatchObject({
      address: d.address,
      signature: check.signature,
      factory: d.setupOp.to,
      factoryData: d.setupOp.data,
    })
  })

  it('is not verified when another key signed, without asking the chain', async () => {
    const d = nexusDeployment(owner.address)
    const account = routeAccount({ sponsor: d.address, signedMetadata: metadata([d.setupOp]) })
    const other = privateKeyToAccount(generatePrivateKey())
    const client = { getCode: async () => undefined, verifyTypedData: (async () => true) as never }
    expect(
      (await checkAccountSignature(account, typedData, await other.signTypedData(typedData as never), client)).verified,
    ).toBe(false)
  })
})

describe('authorization requests', () => {
  it('one per chain that needs the delegation, checked against what was asked', async () => {
    const requests = authorizationRequests({
      sponsor: owner.address,
      signedMetadata: metadata([], {
        8453: { contract: nexus.implementation },
        10: { contract: nexus.implementation },
      }),
    })
    expect(requests.map((r) => [r.chainId, r.chainName])).toEqual([
      [10, 'OP Mainnet'],
      [8453, 'Base'],
    ])
    const asked = { ...requests[0]!, nonce: 3 }
    const signed = asSubmitted(
      (await owner.signAuthorization({ chainId: 10, contractAddress: nexus.implementation, nonce: 3 })) as never,
    )
    expect(await checkSignedAuthorization(asked, signed)).toBe(true)
    expect(await checkSignedAuthorization({ ...asked, nonce: 4 }, signed)).toBe(false)
    const stranger = asSubmitted(
      (await privateKeyToAccount(generatePrivateKey()).signAuthorization({
        chainId: 10,
        contractAddress: nexus.implementation,
        nonce: 3,
      })) as never,
    )
    expect(await checkSignedAuthorization(asked, stranger)).toBe(false)
  })
})
