// USD prices read from the devnet's Chainlink-style feeds.
import { parseAbi } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { pricesResponseSchema } from '../../lib/api/prices'
import { priceFeeds } from '../../lib/core/addresses'
import { operatorAddress } from '../../lib/devnet/demoAccount'
import { mined } from '../../lib/devnet/devnetClient'
import { api } from '../support/api'
import { devnetActions } from '../support/devnetActions'

const http = api()
const chain = devnetActions(inject('rpcUrls'))
// Explicit gas: an estimate taken in the block that last set the feed undercounts the storage write.
const feedAbi = parseAbi([
  'function setAnswer(int256)',
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
])

describe('GET /api/v1/prices', () => {
  it('answers each asset group with the feed’s exact answer and its USD number', async () => {
    const client = chain.client(1)
    await mined(
      client,
      client.writeContract({
        address: priceFeeds.feeds.ETH,
        abi: feedAbi,
        functionName: 'setAnswer',
        args: [3_456_78901234n],
        account: operatorAddress,
        chain: client.chain,
        gas: 100_000n,
      }),
    )
    const res = await http.get('/api/v1/prices')
    expect(res.status).toBe(200)
    const { prices } = pricesResponseSchema.parse(res.body)
    expect(Object.keys(prices).sort()).toEqual(['ETH', 'USDC', 'USDT'])
    expect(prices.ETH).toMatchObject({ answer: '345678901234', decimals: 8, usd: 3456.78901234 })
    const [, , , updatedAt] = await client.readContract({
      address: priceFeeds.feeds.ETH,
      abi: feedAbi,
      functionName: 'latestRoundData',
    })
    expect(prices.ETH!.updatedAt).toBe(updatedAt.toString())
    await mined(
      client,
      client.writeContract({
        address: priceFeeds.feeds.ETH,
        abi: feedAbi,
        functionName: 'setAnswer',
        args: [3_000_00000000n],
        account: operatorAddress,
        chain: client.chain,
        gas: 100_000n,
      }),
    )
  })

  it('refuses a stale price with 503 rather than using it', async () => {
    const client = chain.client(1)
    const snapshot = await client.snapshot()
    try {
      await client.increaseTime({ seconds: 100_000 })
      await client.mine({ blocks: 1 })
      const res = await http.get('/api/v1/prices')
      expect(res.status).toBe(503)
      expect(res.body.message).toMatch(/ETH\/USD price is stale/)
      expect(res.headers.get('retry-after')).toBeTruthy()
    } finally {
      await client.revert({ id: snapshot })
    }
  })

  it('requires a key', async () => {
    expect((await http.get('/api/v1/prices', { key: null })).status).toBe(401)
  })
})
