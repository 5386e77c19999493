// The demo wallet's EIP-7702 authorizations: `wallet_signAuthorization` goes to the devnet's demo
// signer (the app's /api/demo-wallet/authorization), never to a node, and a refusal is an error.
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, http } from 'wagmi'
import { demoWallet, signAuthorizationMethod } from './demoWallet'

function provider(fetchFn: typeof fetch, authorizationUrl: string | null = '/api/demo-wallet/authorization') {
  const config = createConfig({
    chains: [mainnet],
    connectors: [
      demoWallet({ rpcUrls: { 1: 'http://127.0.0.1:1' }, ...(authorizationUrl ? { authorizationUrl } : {}), fetchFn }),
    ],
    transports: { [mainnet.id]: http() },
  })
  return config.connectors[0]!.getProvider() as Promise<{
    request: (a: { method: string; params: unknown[] }) => Promise<unknown>
  }>
}
const asked = { chainId: 10, contractAddress: '0x000000000032dDC454C3BDcba80484Ad5A798705', nonce: 7 }

describe('demoWallet wallet_signAuthorization', () => {
  it('asks the demo signer for exactly the authorization requested and answers what it signed', async () => {
    const calls: [string, RequestInit | undefined][] = []
    const signed = {
      ...asked,
      address: asked.contractAddress,
      yParity: 1,
      r: `0x${'1'.repeat(64)}`,
      s: `0x${'2'.repeat(64)}`,
    }
    const p = await provider(async (url, init) => {
      calls.push([String(url), init])
      return Response.json(signed)
    })
    expect(await p.request({ method: signAuthorizationMethod, params: [asked] })).toEqual(signed)
    expect(calls).toHaveLength(1)
    expect(calls[0]![0]).toBe('/api/demo-wallet/authorization')
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual(asked)
  })

  it("passes on the signer's refusal, and without a signer refuses", async () => {
    const refusing = await provider(async () =>
      Response.json({ message: 'The demo wallet delegates only to the Nexus 1.2.0 implementation' }, { status: 422 }),
    )
    await expect(refusing.request({ method: signAuthorizationMethod, params: [asked] })).rejects.toThrow(
      /only to the Nexus/,
    )
    const none = await provider(async () => Response.json({}), null)
    await expect(none.request({ method: signAuthorizationMethod, params: [asked] })).rejects.toThrow(
      /no authorization signer/,
    )
  })
})
