// accountAccessList (object form with include and exclude, legacy array form with caps),
// options.settlementLayers, and No Path Found.
import { type Address, parseUnits } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { NoPathFoundError, ServiceError } from '../../lib/core/errors'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { ctxOf, routeEngine, sum, token } from '../support/routeEngine'

const engine = routeEngine()
const usdc = (v: string) => parseUnits(v, 6)
const held = { 10: usdc('300'), 8453: usdc('300') } as const
// One account for the whole file: route calls only read, so its balances stay put.
let user: Address
beforeAll(async () => {
  user = (
    await engine.funded([
      { chainId: 10, symbol: 'USDC', amount: held[10] },
      { chainId: 8453, symbol: 'USDC', amount: held[8453] },
    ])
  ).address
})

function routeFrom(amount: string, extra: object = {}) {
  return engine.route({
    destinationChainId: 42161,
    tokenRequests: [{ tokenAddress: 'USDC', amount: usdc(amount).toString() }],
    account: { address: user },
    ...extra,
  })
}
const shortfall = (r: Awaited<ReturnType<typeof routeFrom>>) => r.intentCost.tokenShortfall ?? []
const usedChains = (r: Awaited<ReturnType<typeof routeFrom>>) => r.intentOp!.elements.map((e) => Number(e.chainId))
const spentOn = (r: Awaited<ReturnType<typeof routeFrom>>, chainId: number) =>
  sum(r.intentOp!.elements.find((e) => e.chainId === String(chainId))?.idsAndAmounts ?? [])

describe('accountAccessList, object form', () => {
  it('without a list the route may use either chain; 500 needs both', async () => {
    expect(usedChains(await routeFrom('500')).sort()).toEqual([10, 8453])
  })

  it.each([
    ['chainIds', { chainIds: [8453] }, 8453],
    ['chainIds (as strings)', { chainIds: ['10'] }, 10],
    ['tokens by address (one chain’s USDC)', { tokens: [token(10, 'USDC').address] }, 10],
    ['chainTokens by symbol', { chainTokens: { '8453': ['USDC'] } }, 8453],
    ['chainTokens by address', { chainTokens: { '10': [token(10, 'USDC').address.toLowerCase()] } }, 10],
  ])('include %s: only the allowed chain is used', async (_, accountAccessList, chainId) => {
    const r = await routeFrom('250', { accountAccessList })
    expect(usedChains(r)).toEqual([chainId])
  })

  it('include tokens by symbol allows the symbol on every chain', async () => {
    expect(usedChains(await routeFrom('500', { accountAccessList: { tokens: ['usdc'] } })).sort()).toEqual([10, 8453])
  })

  it('include a chain that cannot cover the request: shortfall of what that chain lacks', async () => {
    const r = await routeFrom('500', { accountAccessList: { chainIds: [8453] } })
    expect(r.intentOp).toBeNull()
    expect(shortfall(r)[0]!.availableAmount).toBe(held[8453].toString())
  })

  it('exclude the chain the route would prefer: the plan uses the other one', async () => {
    const preferred = usedChains(await routeFrom('250'))
    expect(preferred).toHaveLength(1)
    const other = preferred[0] === 10 ? 8453 : 10
    expect(
      usedChains(await routeFrom('250', { accountAccessList: { exclude: { chainIds: [preferred[0]] } } })),
    ).toEqual([other])
    expect(
      usedChains(
        await routeFrom('250', {
          accountAccessList: { exclude: { chainTokens: { [String(preferred[0])]: ['USDC'] } } },
        }),
      ),
    ).toEqual([other])
    expect(
      usedChains(
        await routeFrom('250', { accountAccessList: { exclude: { tokens: [token(preferred[0]!, 'USDC').address] } } }),
      ),
    ).toEqual([other])
  })

  it('exclude wins over include', async () => {
    const r = await routeFrom('100', { accountAccessList: { chainIds: [10, 8453], exclude: { chainIds: [10] } } })
    expect(usedChains(r)).toEqual([8453])
  })
})

describe('accountAccessList, legacy array form', () => {
  const list = (capOn10: string) => [
    { chainId: 10, tokenAddress: 'USDC', amount: usdc(capOn10).toString() },
    { chainId: 8453, tokenAddress: token(8453, 'USDC').address },
  ]

  it('an amount caps what the route takes from that pair', async () => {
    const r = await routeFrom('350', { accountAccessList: list('100') })
    expect(usedChains(r).sort()).toEqual([10, 8453])
    expect(spentOn(r, 10)).toBeLessThanOrEqual(usdc('100'))
    expect(spentOn(r, 10) + spentOn(r, 8453)).toBe(usdc('350') + BigInt(r.intentCost.feeToken.amount))
  })

  it('a cap below what the request needs: shortfall against the capped amount', async () => {
    const r = await routeFrom('450', { accountAccessList: list('100') })
    expect(r.intentOp).toBeNull()
    expect(shortfall(r)[0]!.availableAmount).toBe((usdc('100') + held[8453]).toString())
  })

  // The cap is applied to each source of the pair (its lock and its unlocked balance) separately,
  // so a pair holding both gives up to twice its cap.
  it('the cap bounds the pair as a whole, locked and unlocked together', async () => {
    const both = await engine.funded([
      { chainId: 10, symbol: 'ETH', amount: parseUnits('0.01', 18) },
      { chainId: 10, symbol: 'USDC', amount: usdc('200') },
    ])
    await engine.chain.lockErc20(10, both, 'USDC', usdc('100'), defaultLockTag)
    const r = await engine.route({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('150').toString() }],
      account: { address: both.address },
      accountAccessList: [{ chainId: 10, tokenAddress: 'USDC', amount: usdc('80').toString() }],
    })
    const taken = r.intentOp ? r.intentOp.elements.reduce((s, e) => s + sum(e.idsAndAmounts), 0n) : 0n
    expect(taken, `took ${taken} base units from a pair capped at ${usdc('80')}`).toBeLessThanOrEqual(usdc('80'))
    expect(r.intentCost.hasFulfilledAll).toBe(false)
  })

  it('a pair not in the list is never used', async () => {
    const r = await routeFrom('100', { accountAccessList: [{ chainId: 8453, tokenAddress: 'USDC' }] })
    expect(usedChains(r)).toEqual([8453])
  })
})

describe('settlement layers and No Path Found', () => {
  it.each(['ACROSS', 'ECO', 'RELAY'] as const)(
    'options.settlementLayers [%s]: every element settles over it',
    async (layer) => {
      const r = await routeFrom('500', { options: { settlementLayers: [layer] } })
      expect(r.intentOp!.elements.map((e) => ctxOf(e).settlementLayer)).toEqual([layer, layer])
    },
  )

  it('OFT only, and the access list leaves only a chain OFT cannot carry USDC from: NoPathFoundError', async () => {
    const error = await routeFrom('100', {
      options: { settlementLayers: ['OFT'] },
      accountAccessList: { chainIds: [8453] },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoPathFoundError)
    expect(error).toMatchObject({ message: 'No Path Found', kind: 'unprocessable' })
  })

  // The account's USDC is all on 10 and 8453 and no allowed layer carries USDC: there is no path.
  // (Today the engine only asks whether the registry has the token on the destination chain, which
  // it always does, and answers with a shortfall as if the account lacked funds.)
  it('OFT only for USDC held only on other chains: NoPathFoundError, not a shortfall', async () => {
    const result = await routeFrom('100', { options: { settlementLayers: ['OFT'] } }).catch((e: unknown) => e)
    expect(
      result instanceof ServiceError ? result.message : { intentCost: (result as { intentCost: unknown }).intentCost },
    ).toBe('No Path Found')
  })
})

describe('options.alternatives and options.fundingMethod', () => {
  it('without options.alternatives the answer has no alternatives', async () => {
    expect(await routeFrom('250')).not.toHaveProperty('alternatives')
  })

  it(
    'lists the chosen route first and the other chain after it; ' +
      'asking with an alternative’s request fields gives that route',
    async () => {
      const r = await routeFrom('250', { options: { alternatives: true } })
      const alternatives = r.alternatives!
      expect(alternatives[0]!.chosen).toBe(true)
      expect(alternatives.filter((a) => a.chosen)).toHaveLength(1)
      expect(alternatives[0]!.sources.map((s) => s.chainId)).toEqual(usedChains(r))
      expect(alternatives[0]!.feeUSD).toBe(r.intentCost.feeBreakdownUSD!.totalFeeUSD)
      expect(alternatives[0]!.feeAmount).toBe(r.intentCost.feeToken.amount)
      const other = alternatives.find((a) => !a.chosen && a.sources.every((s) => s.chainId !== usedChains(r)[0]))!
      expect(other).toBeDefined()
      expect(other.fundingMethod).toBe('PERMIT2')
      const asked = await routeFrom('250', {
        accountAccessList: other.request.accountAccessList,
        options: { ...other.request.options, alternatives: true },
      })
      expect(usedChains(asked)).toEqual(other.sources.map((s) => s.chainId))
      expect(asked.intentOp!.elements.map((e) => ctxOf(e).settlementLayer)).toEqual(
        other.sources.map((s) => s.settlementLayer),
      )
      expect(asked.alternatives![0]).toMatchObject({ chosen: true, sources: other.sources, feeAmount: other.feeAmount })
    },
  )

  it('fundingMethod COMPACT for an account with no locked funds: a shortfall, never unlocked funds', async () => {
    const r = await routeFrom('250', { options: { fundingMethod: 'COMPACT' } })
    expect(r.intentOp).toBeNull()
    expect(shortfall(r)[0]!.availableAmount).toBe('0')
  })
})
