import { toHex } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterEach, describe, expect, it } from 'vitest'
import { nexus } from '../core/accounts/smartAccounts'
import { ServiceError } from '../core/errors'
import { demoAccount, fillerAccount } from '../devnet/demoAccount'
import { signDemoAuthorization } from './demoAuthorization'

// The devnet's demo account, as the devnet hands its key to the app (lib/devnet/appEnv.ts).
const demoKey = toHex(demoAccount.getHdKey().privateKey!)
const demoAddress = demoAccount.address

afterEach(() => {
  delete process.env.DEMO_WALLET_AUTHORIZATION_KEY
})

describe('signDemoAuthorization', () => {
  it('signs the demo account’s delegation to the Nexus implementation for the chain and nonce asked', async () => {
    process.env.DEMO_WALLET_AUTHORIZATION_KEY = demoKey
    const signed = await signDemoAuthorization({ chainId: 10, contractAddress: nexus.implementation, nonce: 4 })
    expect(signed).toMatchObject({ chainId: 10, address: nexus.implementation, nonce: 4 })
    expect(
      await recoverAuthorizationAddress({
        authorization: {
          ...signed,
          address: signed.address as `0x${string}`,
          r: signed.r as `0x${string}`,
          s: signed.s as `0x${string}`,
        },
      }),
    ).toBe(demoAddress)
  })

  it('refuses any other delegate, and is not there without the devnet key', async () => {
    process.env.DEMO_WALLET_AUTHORIZATION_KEY = demoKey
    await expect(
      signDemoAuthorization({ chainId: 10, contractAddress: '0x1111111111111111111111111111111111111111', nonce: 0 }),
    ).rejects.toThrow(/only to the Nexus 1.2.0 implementation/)
    delete process.env.DEMO_WALLET_AUTHORIZATION_KEY
    await expect(
      signDemoAuthorization({ chainId: 10, contractAddress: nexus.implementation, nonce: 0 }),
    ).rejects.toBeInstanceOf(ServiceError)
  })

  it('refuses to sign with any key but the devnet demo account’s', async () => {
    process.env.DEMO_WALLET_AUTHORIZATION_KEY = toHex(fillerAccount.getHdKey().privateKey!)
    await expect(
      signDemoAuthorization({ chainId: 10, contractAddress: nexus.implementation, nonce: 0 }),
    ).rejects.toThrow(/not the devnet demo account/)
  })
})
