// The demo smart account is the one @rhinestone/sdk builds for the same owner: same address, same
// setupOps, same EIP-7702 initialization signature.
import { createRhinestoneAccount } from '@rhinestone/sdk'
import { decodeFunctionData, type Hex, slice } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { nexusDeployment, nexusEip7702Account, nexusEip7702InitTypedData, packNexusSignature } from './nexusAccount'
import { accountSetup, nexus, nexusAccountAbi } from './smartAccounts'

const owner = privateKeyToAccount(generatePrivateKey())
const provider = { type: 'custom' as const, urls: { 8453: 'http://127.0.0.1:1' } }

describe('nexusDeployment', () => {
  it("is the SDK's default account for the owner: address and factory call", async () => {
    const account = await createRhinestoneAccount({ owners: { type: 'ecdsa', accounts: [owner] }, provider } as never)
    const init = account.getInitData() as { factory: Hex; factoryData: Hex }
    const ours = nexusDeployment(owner.address)
    expect(ours.address).toBe(account.getAddress())
    expect(ours.setupOp.to.toLowerCase()).toBe(init.factory.toLowerCase())
    expect(ours.setupOp.data).toBe(init.factoryData)
    expect(accountSetup(ours.address, [ours.setupOp])?.kind).toBe('nexus-factory')
  })

  it('signs the same EIP-7702 initialization as the SDK, and sends it as its initializeAccount setupOp', async () => {
    const account = await createRhinestoneAccount({
      owners: { type: 'ecdsa', accounts: [owner] },
      eoa: owner,
      provider,
    } as never)
    const sdkSignature = await account.signEip7702InitData()
    const signature = await owner.signTypedData(nexusEip7702InitTypedData(owner.address))
    expect(signature).toBe(sdkSignature)
    const fields = nexusEip7702Account(owner.address, signature)
    expect(fields.delegations).toEqual({ '0': { contract: nexus.implementation } })
    expect(accountSetup(owner.address, fields.setupOps)?.kind).toBe('eip7702-init')
    const [data] = decodeFunctionData({ abi: nexusAccountAbi, data: fields.setupOps[0]!.data }).args as [Hex]
    expect(slice(data, 0, 65)).toBe(signature)
  })

  it('packs a signature behind the default validator (the zero address)', () => {
    expect(packNexusSignature('0xabcd')).toBe('0x0000000000000000000000000000000000000000abcd')
  })
})
