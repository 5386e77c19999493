// The published @rhinestone/sdk client, unchanged, against our server.
import {
  AuthenticationRequiredError,
  InvalidApiKeyError,
  TokenNotSupportedError,
} from '@rhinestone/sdk/dist/src/orchestrator'
import { parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it, vi } from 'vitest'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { demoSeeds } from '../../lib/devnet/demoAccount'
import { devnetActions } from '../support/devnetActions'
import { orchestratorClient, sdkClient } from '../support/sdkClient'

const demo = inject('demoAddress')
const orchestrator = (key: string) => orchestratorClient(inject('baseUrl'), key)
const sdk = orchestrator(inject('apiKey'))
const rpcUrls = inject('rpcUrls')
const rhinestone = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const chain = devnetActions(rpcUrls)
const realFetch = globalThis.fetch

// The seeds as the SDK reports them: group symbol → chain → token address → amounts.
function expectedRows(filter: (s: (typeof demoSeeds)[number]) => boolean) {
  return demoSeeds.filter(filter).map((s) => ({
    chain: s.chainId,
    address: findTokenBySymbol(s.chainId, s.symbol)!.address,
    locked: s.locked ? s.amount : 0n,
    unlocked: s.locked ? 0n : s.amount,
  }))
}

describe('@rhinestone/sdk Orchestrator.getPortfolio', () => {
  it('returns the seeded balances of the demo account', async () => {
    const portfolio = await sdk.getPortfolio(demo)
    expect(portfolio.map((p) => p.symbol)).toEqual(['ETH', 'USDC', 'USDT'])
    const usdc = portfolio.find((p) => p.symbol === 'USDC')!
    expect(usdc.decimals).toBe(6)
    expect(usdc.balances).toEqual({ locked: 500_000000n, unlocked: 2_050_500000n })
    const nonEmpty = portfolio.flatMap((p) => p.chains).filter((c) => c.locked + c.unlocked > 0n)
    expect(
      new Set(nonEmpty.map((c) => JSON.stringify(c, (_, v) => (typeof v === 'bigint' ? v.toString() : v)))),
    ).toEqual(
      new Set(
        expectedRows(() => true).map((c) => JSON.stringify(c, (_, v) => (typeof v === 'bigint' ? v.toString() : v))),
      ),
    )
  })

  it('applies the chainIds filter', async () => {
    const portfolio = await sdk.getPortfolio(demo, { chainIds: [10] })
    expect(new Set(portfolio.flatMap((p) => p.chains.map((c) => c.chain)))).toEqual(new Set([10]))
    expect(portfolio.find((p) => p.symbol === 'USDC')!.balances).toEqual({ locked: 500_000000n, unlocked: 0n })
  })

  it('applies the tokens filter', async () => {
    const usdcArb = findTokenBySymbol(42161, 'USDC')!.address
    const usdt0Op = findTokenBySymbol(10, 'USDT0')!.address
    const portfolio = await sdk.getPortfolio(demo, { tokens: { 42161: [usdcArb], 10: [usdt0Op] } })
    expect(portfolio.map((p) => [p.symbol, p.balances.unlocked, p.chains.map((c) => c.address)])).toEqual([
      ['USDC', 800_000000n, [usdcArb]],
      ['USDT', 150_000000n, [usdt0Op]],
    ])
  })

  // Chains this deployment does not serve are left out, not refused (they were UnsupportedChainError).
  it('answers a chainIds filter naming chains not served here for the served ones', async () => {
    const portfolio = await sdk.getPortfolio(demo, { chainIds: [10, 137, 999] })
    expect(portfolio).toEqual(await sdk.getPortfolio(demo, { chainIds: [10] }))
    expect(await sdk.getPortfolio(demo, { chainIds: [137, 999] })).toEqual([])
  })

  it('turns our errors into its typed errors', async () => {
    await expect(orchestrator('wrong').getPortfolio(demo)).rejects.toBeInstanceOf(InvalidApiKeyError)
    await expect(orchestrator('').getPortfolio(demo)).rejects.toBeInstanceOf(AuthenticationRequiredError)
    await expect(
      sdk.getPortfolio(demo, { tokens: { 8453: ['0x1111111111111111111111111111111111111111'] } }),
    ).rejects.toBeInstanceOf(TokenNotSupportedError)
  })
})

describe('@rhinestone/sdk account.getPortfolio', () => {
  it("reads an SDK account's balances on the served chains of every chain the client asks for", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await rhinestone.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    await chain.mint(8453, 'USDC', address, parseUnits('42', 6))
    await chain.lockUsdcFor(10, address, parseUnits('7', 6))
    const asked: URL[] = []
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)))
      return realFetch(input, init)
    })
    const portfolio = await account.getPortfolio().finally(() => spy.mockRestore())
    // The client names every mainnet chain it knows, served here or not (137: Polygon, not served).
    const named = asked
      .find((u) => u.pathname.endsWith(`/accounts/${address}/portfolio`))
      ?.searchParams.get('chainIds')
      ?.split(',')
    expect(named).toEqual(expect.arrayContaining(['1', '10', '137', '8453', '42161']))
    const usdc = portfolio.find((p) => p.symbol === 'USDC')
    expect(usdc?.balances).toEqual({ locked: parseUnits('7', 6), unlocked: parseUnits('42', 6) })
    const held = portfolio.flatMap((p) => p.chains).filter((c) => c.locked + c.unlocked > 0n)
    expect(held.map((c) => [c.chain, c.address, c.locked, c.unlocked])).toEqual(
      expect.arrayContaining([
        [8453, findTokenBySymbol(8453, 'USDC')!.address, 0n, parseUnits('42', 6)],
        [10, findTokenBySymbol(10, 'USDC')!.address, parseUnits('7', 6), 0n],
      ]),
    )
    expect(held).toHaveLength(2)
  })
})
