// Caches against the real devnet, counting the RPC requests that go out, with a controlled clock:
// reuse within the bound (a chain's block time at most), single flight for concurrent identical
// reads, and never an answer older than its bound.
import { type Chain, createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { routeRequestSchema } from '../../lib/api/routeRequest'
import { priceFeeds } from '../../lib/core/addresses'
import { createTtlCache } from '../../lib/core/chainState/ttlCache'
import { chains } from '../../lib/core/chains/chains'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { getPortfolio } from '../../lib/core/portfolio/getPortfolio'
import type { ChainBalances } from '../../lib/core/portfolio/readBalances'
import { defaultFeeModel } from '../../lib/core/route/feeModel'
import { quoteRoute } from '../../lib/core/route/quoteRoute'
import type { MarketData, RouteState } from '../../lib/core/route/state/readRouteState'
import { devnetActions } from '../support/devnetActions'

const rpcUrls = inject('rpcUrls')
const chain = devnetActions(rpcUrls)

function counted() {
  const calls: { chainId: number; method: string }[] = []
  const readers = chains.map((c) => ({
    chainId: c.id,
    client: createPublicClient({
      chain: c.viem as Chain,
      transport: http(rpcUrls[c.id], {
        onFetchRequest: (_, init) => void calls.push({ chainId: c.id, method: JSON.parse(String(init.body)).method }),
      }),
    }),
  }))
  const count = (method: string, chainId?: number) =>
    calls.filter((c) => c.method === method && (chainId === undefined || c.chainId === chainId)).length
  return { readers, count, reset: () => (calls.length = 0) }
}

const clock = () => {
  let t = 0
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('balance cache', () => {
  it('reuses a chain’s balances for one block time at most, then reads the chain again', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 1_000n)
    const c = clock()
    const rpc = counted()
    const cache = { balances: createTtlCache<ChainBalances>({ now: c.now }), maxAgeMs: 60_000 }
    const read = async () =>
      (
        await getPortfolio({
          account: user.address,
          readers: rpc.readers,
          lockTags: [defaultLockTag],
          filterEmpty: true,
          cache,
        })
      ).entries
    const first = await read()
    expect(rpc.count('eth_call')).toBe(4)
    await chain.mint(8453, 'USDC', user.address, 500n)
    rpc.reset()
    expect(await read()).toEqual(first) // within the bound: no RPC, the cached value
    expect(rpc.count('eth_call')).toBe(0)

    c.advance(300) // past Arbitrum's block time (250 ms), within the others'
    await read()
    expect(rpc.count('eth_call', 42161)).toBe(1)
    expect(rpc.count('eth_call')).toBe(1)

    c.advance(2_000) // past Base's block time: the new balance shows
    rpc.reset()
    const later = await read()
    expect(rpc.count('eth_call', 8453)).toBe(1)
    expect(later.find((e) => e.tokenName === 'USDC')!.balance.unlocked).toBe(1_500n)
  })

  it('makes concurrent identical reads share one RPC round per chain (single flight)', async () => {
    const rpc = counted()
    const cache = { balances: createTtlCache<ChainBalances>(), maxAgeMs: 1_000 }
    const demo = inject('demoAddress')
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        getPortfolio({ account: demo, readers: rpc.readers, lockTags: [defaultLockTag], filterEmpty: false, cache }),
      ),
    )
    expect(rpc.count('eth_call')).toBe(4)
    for (const r of results) expect(r).toEqual(results[0])
  })
})

describe('market cache and route single flight', () => {
  const route = async (
    rpc: ReturnType<typeof counted>,
    caches: Parameters<typeof quoteRoute>[0]['caches'],
    amount = '100000000',
  ) =>
    quoteRoute({
      input: routeRequestSchema.parse({
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount }],
        account: { address: inject('demoAddress') },
      }),
      readers: rpc.readers,
      lockTags: [defaultLockTag],
      prices: { chainId: priceFeeds.chainId, feeds: priceFeeds.feeds, maxAgeSeconds: 90_000 },
      model: defaultFeeModel(3),
      ttlSeconds: 600,
      nonce: 1n,
      signer: privateKeyToAccount(generatePrivateKey()),
      caches,
    })

  it('reads gas prices, L1 parameters and prices once per bound, and still prices routes the same', async () => {
    const c = clock()
    const rpc = counted()
    const caches = {
      market: createTtlCache<MarketData>({ now: c.now }),
      marketMaxAgeMs: 3_000,
      state: createTtlCache<RouteState>(),
    }
    const first = await route(rpc, caches)
    expect(rpc.count('eth_gasPrice')).toBe(4)
    rpc.reset()
    const second = await route(rpc, caches)
    expect(rpc.count('eth_gasPrice')).toBe(0)
    expect(second.intentOp!.signedMetadata.gasPrices).toEqual(first.intentOp!.signedMetadata.gasPrices)
    expect(second.intentOp!.signedMetadata.tokenPrices).toEqual(first.intentOp!.signedMetadata.tokenPrices)
    expect(second.intentCost).toEqual(first.intentCost)
    c.advance(3_000)
    rpc.reset()
    await route(rpc, caches)
    expect(rpc.count('eth_gasPrice')).toBe(4)
  })

  it('makes concurrent identical route reads share one round per chain', async () => {
    const rpc = counted()
    const caches = { market: createTtlCache<MarketData>(), marketMaxAgeMs: 0, state: createTtlCache<RouteState>() }
    const routes = await Promise.all(Array.from({ length: 6 }, () => route(rpc, caches, '250000000')))
    expect(rpc.count('eth_call')).toBe(4)
    for (const r of routes) expect(r.intentCost).toEqual(routes[0]!.intentCost)
    rpc.reset()
    await route(rpc, caches, '250000000')
    expect(rpc.count('eth_call')).toBe(4) // nothing is kept once the flight lands
  })
})
