// The published @rhinestone/sdk client, unchanged, against our server.
import { AuthenticationRequiredError, InvalidApiKeyError, Orchestrator, TokenNotSupportedError, UnsupportedChainError } from '@rhinestone/sdk/dist/src/orchestrator'
import { describe, expect, inject, it } from 'vitest'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { demoSeeds } from '../../lib/devnet/demoAccount'

const base = `${inject('baseUrl')}/api/v1`
const demo = inject('demoAddress')
const orchestrator = (key: string) => new Orchestrator(base, { getHeaders: async () => ({ 'x-api-key': key }), getSubmitHeaders: async () => ({ 'x-api-key': key }) } as never)
const sdk = orchestrator(inject('apiKey'))

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
    expect(new Set(nonEmpty.map((c) => JSON.stringify(c, (_, v) => (typeof v === 'bigint' ? v.toString() : v))))).toEqual(
      new Set(expectedRows(() => true).map((c) => JSON.stringify(c, (_, v) => (typeof v === 'bigint' ? v.toString() : v)))),
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

  it('turns our errors into its typed errors', async () => {
    await expect(orchestrator('wrong').getPortfolio(demo)).rejects.toBeInstanceOf(InvalidApiKeyError)
    await expect(orchestrator('').getPortfolio(demo)).rejects.toBeInstanceOf(AuthenticationRequiredError)
    await expect(sdk.getPortfolio(demo, { chainIds: [999] })).rejects.toBeInstanceOf(UnsupportedChainError)
    await expect(sdk.getPortfolio(demo, { tokens: { 8453: ['0x1111111111111111111111111111111111111111'] } })).rejects.toBeInstanceOf(TokenNotSupportedError)
  })
})
