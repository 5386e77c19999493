// The smart-account contracts on the devnet, driven by @rhinestone/sdk's own account code: the
// SDK's setupOps deploy a Nexus account at exactly the address the SDK computes, its packed
// `validator ‖ signature` passes the account's ERC-1271 check, and the SDK's EIP-7702 init call
// runs on an EOA delegated (type-4 transaction) to the Nexus implementation.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createRhinestoneAccount, type RhinestoneAccount } from '@rhinestone/sdk'
import {
  type Chain,
  concatHex,
  encodeFunctionData,
  encodePacked,
  type Hex,
  hashTypedData,
  parseAbi,
  zeroHash,
} from 'viem'

const toLowerCase = (s: Hex) => s.toLowerCase() as Hex

import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountSetup, nexus, nexusAccountAbi, safe } from '../core/accounts/smartAccounts'
import { getChain } from '../core/chains/chains'
import { SETUP_GAS } from '../core/route/request/accountSettles'
import { operatorAddress } from './demoAccount'
import { createDevnetClient, type DevnetClient, mined } from './devnetClient'
import { safeDeployments } from './placeAccounts'
import { type Devnet, startDevnet } from './startDevnet'

const erc1271Abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
const chainId = 8453
const chain = getChain(chainId)!.viem as Chain
const typedData = {
  domain: { name: 'Test', version: '1', chainId, verifyingContract: '0x000000000000000000000000000000000000bEEF' },
  types: { Ping: [{ name: 'n', type: 'uint256' }] },
  primaryType: 'Ping',
  message: { n: 7n },
} as const
const hash = hashTypedData(typedData)

// The SDK's own 7702 init-call builder (not in its package exports), loaded from its dist.
const require = createRequire(import.meta.url)
const sdkAccounts = require(join(dirname(require.resolve('@rhinestone/sdk')), 'accounts/index.js')) as {
  getEip7702InitCall: (config: RhinestoneAccount['config'], signature: Hex) => { initData: Hex; contract: Hex }
}
const provider = () => ({ type: 'custom' as const, urls: { [chainId]: devnet.rpcUrls[chainId]! } })
const sign = (account: RhinestoneAccount) => account.signTypedData(typedData as never, chain, undefined)

let devnet: Devnet
let client: DevnetClient

beforeAll(async () => {
  devnet = await startDevnet()
  client = createDevnetClient(devnet.rpcUrls[chainId]!, chain)
}, 120_000)
afterAll(async () => devnet?.stop())

async function isValid(address: Hex, signature: Hex) {
  return client.readContract({ address, abi: erc1271Abi, functionName: 'isValidSignature', args: [hash, signature] })
}

describe('Nexus 1.2.0 on the devnet, as @rhinestone/sdk builds it', () => {
  it("the SDK's setupOps deploy the account at the SDK's address; its packed signature passes ERC-1271", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await createRhinestoneAccount({
      owners: { type: 'ecdsa', accounts: [owner] },
      provider: provider(),
    })
    const address = account.getAddress()
    const init = account.getInitData()
    expect(toLowerCase(init.factory)).toBe(toLowerCase(nexus.factory))
    expect(await client.getCode({ address })).toBeUndefined()

    const deployed = await mined(
      client,
      client.sendTransaction({ account: operatorAddress, to: init.factory, data: init.factoryData, chain }),
    )
    // what the quote charges per chain deployed on
    expect(deployed.gasUsed).toBeLessThanOrEqual(SETUP_GAS['nexus-factory'])
    expect(await client.getCode({ address })).toMatch(/^0x6080/)
    expect(
      await client.readContract({
        address,
        abi: nexusAccountAbi,
        functionName: 'isModuleInstalled',
        args: [2n, nexus.intentExecutor, '0x'],
      }),
    ).toBe(true)
    // Deploying again is a no-op that returns the same account.
    await mined(
      client,
      client.sendTransaction({ account: operatorAddress, to: init.factory, data: init.factoryData, chain }),
    )

    const signature = await sign(account)
    expect(signature.length).toBe(2 + 2 * 85) // deployed, so no ERC-6492 wrapper: zero validator address ‖ r ‖ s ‖ v
    expect(await isValid(address, signature)).toBe('0x1626ba7e')

    const stranger = await createRhinestoneAccount({
      owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
      provider: provider(),
    })
    const foreign = await stranger.signTypedData(typedData as never, chain, undefined)
    expect(await isValid(address, `0x${foreign.slice(-170)}`)).toBe('0xffffffff')
  })

  it("an EOA delegated with EIP-7702 runs the SDK's init call and then validates its packed signatures", async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    const account = await createRhinestoneAccount({
      owners: { type: 'ecdsa', accounts: [eoa] },
      eoa,
      provider: provider(),
    })
    expect(account.getAddress()).toBe(eoa.address)
    const initSignature = await account.signEip7702InitData()
    const call = sdkAccounts.getEip7702InitCall(account.config, initSignature)
    expect(toLowerCase(call.contract)).toBe(toLowerCase(nexus.implementation))

    const authorization = await eoa.signAuthorization({ chainId, contractAddress: call.contract, nonce: 0 })
    const delegated = await mined(
      client,
      client.sendTransaction({
        account: operatorAddress,
        to: eoa.address,
        data: call.initData,
        authorizationList: [authorization],
        chain,
      }),
    )
    expect(delegated.gasUsed).toBeLessThanOrEqual(SETUP_GAS['eip7702-init'])
    expect(await client.getCode({ address: eoa.address })).toBe(
      concatHex(['0xef0100', toLowerCase(nexus.implementation)]),
    )

    expect(await isValid(eoa.address, await sign(account))).toBe('0x1626ba7e')
    // The init call cannot run twice.
    await expect(
      client
        .sendTransaction({ account: operatorAddress, to: eoa.address, data: call.initData, chain })
        .then((h) => mined(client, h)),
    ).rejects.toThrow()
  })

  it('an EIP-7702 init call signed by someone else is refused', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const account = await createRhinestoneAccount({
      owners: { type: 'ecdsa', accounts: [eoa] },
      eoa,
      provider: provider(),
    })
    const forged = await createRhinestoneAccount({
      owners: { type: 'ecdsa', accounts: [eoa] },
      eoa: other,
      provider: provider(),
    })
    const call = sdkAccounts.getEip7702InitCall(account.config, await forged.signEip7702InitData())
    const authorization = await eoa.signAuthorization({ chainId, contractAddress: call.contract, nonce: 0 })
    await expect(
      client
        .sendTransaction({
          account: operatorAddress,
          to: eoa.address,
          data: call.initData,
          authorizationList: [authorization],
          chain,
          gas: 1_000_000n,
        })
        .then((h) => mined(client, h)),
    ).rejects.toThrow(/reverted/)
  })
})

describe('Safe 1.4.1 with the Safe7579 adapter on the devnet, as @rhinestone/sdk builds it', () => {
  it('the real Safe contracts are at their canonical addresses', async () => {
    for (const { address } of safeDeployments) expect((await client.getCode({ address }))?.length).toBeGreaterThan(2)
    expect(
      await client.readContract({
        address: safe.singletonL2,
        abi: parseAbi(['function VERSION() view returns (string)']),
        functionName: 'VERSION',
      }),
    ).toBe('1.4.1')
  })

  it(
    "the SDK's setupOps deploy the Safe at the SDK's address; its packed " +
      'signature passes ERC-1271; only an installed executor runs calls',
    async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const account = await createRhinestoneAccount({
        account: { type: 'safe' },
        owners: { type: 'ecdsa', accounts: [owner] },
        provider: provider(),
      })
      const address = account.getAddress()
      const init = account.getInitData()
      expect(toLowerCase(init.factory)).toBe(toLowerCase(safe.proxyFactory))
      expect(accountSetup(address, [{ to: init.factory, data: init.factoryData }])?.kind).toBe('safe-factory')
      expect(await client.getCode({ address })).toBeUndefined()

      const deployed = await mined(
        client,
        client.sendTransaction({ account: operatorAddress, to: init.factory, data: init.factoryData, chain }),
      )
      // what the quote charges per chain deployed on
      expect(deployed.gasUsed).toBeLessThanOrEqual(SETUP_GAS['safe-factory'])
      expect(await client.getCode({ address })).toMatch(/^0x6080/)
      expect(
        await client.readContract({
          address,
          abi: nexusAccountAbi,
          functionName: 'isModuleInstalled',
          args: [2n, nexus.intentExecutor, '0x'],
        }),
      ).toBe(true)
      const safeAbi = parseAbi([
        'function getOwners() view returns (address[])',
        'function isModuleEnabled(address) view returns (bool)',
      ])
      expect(await client.readContract({ address, abi: safeAbi, functionName: 'getOwners' })).toEqual([owner.address])
      expect(
        await client.readContract({
          address,
          abi: safeAbi,
          functionName: 'isModuleEnabled',
          args: [safe.safe7579Adapter],
        }),
      ).toBe(true)

      const signature = await sign(account)
      expect(await isValid(address, signature)).toBe('0x1626ba7e')
      const stranger = await createRhinestoneAccount({
        account: { type: 'safe' },
        owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
        provider: provider(),
      })
      const foreign = await stranger.signTypedData(typedData as never, chain, undefined)
      expect(await isValid(address, foreign)).toBe('0xffffffff')

      const execute = encodeFunctionData({
        abi: parseAbi(['function executeFromExecutor(bytes32 mode, bytes executionCalldata) returns (bytes[])']),
        functionName: 'executeFromExecutor',
        args: [zeroHash, encodePacked(['address', 'uint256', 'bytes'], [operatorAddress, 0n, '0x'])],
      })
      await expect(
        client
          .sendTransaction({ account: operatorAddress, to: address, data: execute, chain, gas: 500_000n })
          .then((h) => mined(client, h)),
      ).rejects.toThrow(/reverted/)
    },
  )
})
