// Which setupOps the filler runs, classified from what @rhinestone/sdk itself builds.
import { createRhinestoneAccount } from '@rhinestone/sdk'
import { encodeFunctionData, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { accountSetup, safe, safe7579LaunchpadAbi, safeProxyFactoryAbi, safeSetupAbi } from './smartAccounts'

const owner = privateKeyToAccount(generatePrivateKey())
const provider = { type: 'custom' as const, urls: { 8453: 'http://127.0.0.1:1' } }
const setupOf = async (config: Record<string, unknown>) => {
  const account = await createRhinestoneAccount({
    owners: { type: 'ecdsa', accounts: [owner] },
    provider,
    ...config,
  } as never)
  const init = account.getInitData() as { factory: Hex; factoryData: Hex }
  return accountSetup(account.getAddress(), [{ to: init.factory, data: init.factoryData }])
}

/** The client's Safe factory call with its launchpad modules replaced. */
function safeCall(
  modules: { module: Hex; initData: Hex; moduleType: bigint }[],
  singleton: Hex = safe.singletonL2,
): Hex {
  const data = encodeFunctionData({
    abi: safe7579LaunchpadAbi,
    functionName: 'addSafe7579',
    args: [safe.safe7579Adapter, modules, [], 0],
  })
  const zero = '0x0000000000000000000000000000000000000000'
  const initializer = encodeFunctionData({
    abi: safeSetupAbi,
    functionName: 'setup',
    args: [[owner.address], 1n, safe.safe7579Launchpad, data, safe.safe7579Adapter, zero, 0n, zero],
  })
  return encodeFunctionData({
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [singleton, initializer, 0n],
  })
}

describe('accountSetup', () => {
  it("classifies the client's Nexus and Safe deployments", async () => {
    expect((await setupOf({}))?.kind).toBe('nexus-factory')
    expect((await setupOf({ account: { type: 'safe' } }))?.kind).toBe('safe-factory')
  })

  it(
    'refuses what the devnet stand-ins cannot run: Kernel, ' +
      'Startale, a Safe with a fallback module or another singleton',
    async () => {
      expect(await setupOf({ account: { type: 'kernel' } })).toBeUndefined()
      expect(await setupOf({ account: { type: 'startale' } })).toBeUndefined()
      const validator = {
        module: '0x000000000013fdB5234E4E3162a810F54d9f7E98',
        initData: '0x',
        moduleType: 1n,
      } as const
      const account = '0x0000000000000000000000000000000000001234'
      expect(accountSetup(account, [{ to: safe.proxyFactory, data: safeCall([validator]) }])?.kind).toBe('safe-factory')
      expect(
        accountSetup(account, [
          { to: safe.proxyFactory, data: safeCall([validator, { ...validator, moduleType: 3n }]) },
        ]),
      ).toBeUndefined()
      expect(
        accountSetup(account, [{ to: safe.proxyFactory, data: safeCall([validator], safe.singleton) }]),
      ).toBeUndefined()
      expect(accountSetup(account, [{ to: safe.proxyFactory, data: '0x12345678' }])).toBeUndefined()
    },
  )
})
