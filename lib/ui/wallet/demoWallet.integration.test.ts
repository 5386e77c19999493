// The demo wallet against real anvil nodes: it signs through the node of the selected chain,
// refuses to sign for any other account, and reconnects from storage after a reload.

import { recoverTypedDataAddress, verifyMessage } from 'viem'
import { mainnet, optimism } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConfig, createStorage, http } from 'wagmi'
import {
  connect,
  disconnect,
  getConnection,
  getConnectorClient,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
} from 'wagmi/actions'
import { demoAddress } from '../../core/accounts/demoAddress'
import { type AnvilNode, freePort, startAnvil } from '../../devnet/anvil'
import { demoAccount } from '../../devnet/demoAccount'
import { demoWallet } from './demoWallet'

let nodes: AnvilNode[] = []
const memory = new Map<string, string>()
const storage = createStorage({
  storage: {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  },
})

function makeConfig() {
  const rpcUrls = Object.fromEntries(nodes.map((n) => [n.chainId, n.url]))
  return createConfig({
    chains: [mainnet, optimism],
    connectors: [demoWallet({ rpcUrls })],
    transports: { [mainnet.id]: http(rpcUrls[1]), [optimism.id]: http(rpcUrls[10]) },
    storage,
  })
}

beforeAll(async () => {
  nodes = await Promise.all([1, 10].map(async (chainId) => startAnvil({ chainId, port: await freePort() })))
})
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()))
})

describe('demoWallet', () => {
  it('is the devnet demo account', () => {
    expect(demoAddress).toBe(demoAccount.address)
  })

  it('connects as the demo account and signs through the node', async () => {
    const config = makeConfig()
    const result = await connect(config, { connector: config.connectors[0]! })
    expect(result).toEqual({ accounts: [demoAddress], chainId: 1 })

    const signature = await signMessage(config, { message: 'hello from the dashboard' })
    expect(await verifyMessage({ address: demoAddress, message: 'hello from the dashboard', signature })).toBe(true)

    const typed = {
      domain: { name: 'Test', version: '1', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'typed data' },
    } as const
    const typedSignature = await signTypedData(config, typed)
    expect(await recoverTypedDataAddress({ ...typed, signature: typedSignature })).toBe(demoAddress)
    await disconnect(config)
  })

  it('forwards to the node of the chain it switched to, and sends as the demo account', async () => {
    const config = makeConfig()
    await connect(config, { connector: config.connectors[0]! })
    await switchChain(config, { chainId: 10 })
    expect(getConnection(config).chainId).toBe(10)
    const client = await getConnectorClient(config)
    // net_version is answered by the node itself, so it shows which node the request reached.
    expect(await client.request({ method: 'net_version' } as never)).toBe('10')

    const hash = await sendTransaction(config, { to: demoAccount.address, value: 1n, chainId: 10 })
    const tx = await (await getConnectorClient(config)).request({
      method: 'eth_getTransactionByHash',
      params: [hash],
    } as never)
    expect((tx as { from: string }).from.toLowerCase()).toBe(demoAddress.toLowerCase())
    await disconnect(config)
  })

  it('refuses to sign for another account', async () => {
    const config = makeConfig()
    await connect(config, { connector: config.connectors[0]! })
    const provider = (await config.connectors[0]!.getProvider()) as { request: (a: unknown) => Promise<unknown> }
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] }),
    ).rejects.toThrow(/signs only for/)
    await disconnect(config)
  })

  it('reconnects after a reload on the chain it was on, and stays away after a disconnect', async () => {
    const first = makeConfig()
    await connect(first, { connector: first.connectors[0]! })
    await switchChain(first, { chainId: 10 })

    const reloaded = makeConfig()
    const [connection] = await reconnect(reloaded)
    expect(connection).toMatchObject({ accounts: [demoAddress], chainId: 10 })

    await disconnect(reloaded)
    expect(await reconnect(makeConfig())).toEqual([])
  })
})
