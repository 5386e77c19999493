// Two app instances sharing their balance cache through Redis (REDIS_URL; TEST_REDIS_URL, which CI
// sets): what one read is what the other answers within the bound, though the chain moved
// meanwhile and the other never read that account itself.
import { parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { portfolioResponseSchema } from '../../lib/api/portfolio'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { redisConnection } from '../../lib/storage/redisConnection'
import { devnetActions } from '../support/devnetActions'
import { type AppInstance, startApp } from '../support/stack'
import { postgresUrl, redisUrl } from '../support/testDatabases'

const chain = devnetActions(inject('rpcUrls'))
const apps: AppInstance[] = []
let key = ''

beforeAll(async () => {
  if (!redisUrl) return
  // Ethereum's bound is its 12 s block time: 10 s here, longer than this test takes.
  const env = {
    ...devnetAppEnv(inject('rpcUrls'), inject('databaseUrl')),
    REDIS_URL: redisUrl,
    BALANCE_CACHE_MS: '10000',
    WEB_CONCURRENCY: '1',
    ...(postgresUrl ? {} : { RATE_LIMIT_STORE: 'memory' }),
  }
  apps.push(await startApp(env), await startApp(env))
  const sql = await openDatabase({ url: inject('databaseUrl') })
  key = (await createApiKey(sql, { name: 'shared balances', scopes: ['portfolio:read'] })).key
  await sql.close()
}, 120_000)
afterAll(async () => {
  for (const app of apps) await app.stop()
})

async function ethOnMainnet(app: AppInstance, address: string): Promise<string | undefined> {
  const res = await fetch(`${app.baseUrl}/api/v1/accounts/${address}/portfolio?chainIds=1`, {
    headers: { 'x-api-key': key },
  })
  expect(res.status).toBe(200)
  const { portfolio } = portfolioResponseSchema.parse(await res.json())
  const eth = portfolio.find((e) => e.tokenName === 'ETH')
  return eth?.tokenChainBalance.find((r) => r.chainId === 1 && r.tokenAddress === zeroAddress)?.balance.unlocked
}

describe.runIf(redisUrl)('two instances sharing balances through Redis', () => {
  it('answer what either read within the bound, even after the chain moved', async () => {
    const [a, b] = apps as [AppInstance, AppInstance]
    const user = chain.freshAccount()
    await chain.setEth(1, user.address, parseEther('1'))
    expect(await ethOnMainnet(a, user.address)).toBe(parseEther('1').toString())
    await chain.setEth(1, user.address, parseEther('2'))
    expect(await chain.ethBalance(1, user.address)).toBe(parseEther('2'))
    // The first instance writes to Redis after it answered: the second reads once it is there.
    const redis = redisConnection(redisUrl as string)
    try {
      const client = await redis.get()
      const shared = async () =>
        (await client.keys('balances:v1:1|*')).some((k) => k.toLowerCase().includes(user.address.toLowerCase()))
      for (let i = 0; i < 200 && !(await shared()); i++) await new Promise((r) => setTimeout(r, 10))
      expect(await shared()).toBe(true)
    } finally {
      await redis.close()
    }
    // The second instance never read this account: the value can only be the first's, from Redis.
    expect(await ethOnMainnet(b, user.address)).toBe(parseEther('1').toString())
  })
})
