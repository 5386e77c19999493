// A chain's node dies mid-run and comes back: the portfolio answers from the other chains with a
// warning naming the dead one, routes are planned without it, a route to it is a 503 with
// Retry-After, and everything recovers on its own once the node is back. A database that is not
// there is a 503 with Retry-After too, and the app serves once it appears, without a restart.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Chain } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getChain } from '../../lib/core/chains/chains'
import { type AnvilNode, startAnvil } from '../../lib/devnet/anvil'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { createDevnetClient } from '../../lib/devnet/devnetClient'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { hostPglite, pgliteSocketUrl } from '../../lib/storage/hostPglite'
import { openDatabase } from '../../lib/storage/openDatabase'
import { type Stack, startApp, startStack } from '../support/stack'

const DEAD = 42161
let stack: Stack
let revived: AnvilNode | undefined

beforeAll(async () => {
  stack = await startStack()
}, 90_000)
afterAll(async () => {
  await revived?.stop()
  await stack?.stop()
})

const get = (path: string) => fetch(`${stack.baseUrl}${path}`, { headers: { 'x-api-key': stack.apiKey } })
const route = (destinationChainId: number) =>
  fetch(`${stack.baseUrl}/api/v1/intents/route`, {
    method: 'POST',
    headers: { 'x-api-key': stack.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationChainId,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '100000000' }],
      account: { address: stack.devnet.demoAddress },
    }),
  })

describe('one chain down, then back', () => {
  it('degrades to the chains that answer, refuses routes to the dead chain, and recovers within 5 s', async () => {
    const node = stack.devnet.nodes.find((n) => n.chainId === DEAD)!
    const client = createDevnetClient(node.url, getChain(DEAD)!.viem as Chain)
    const state = await client.dumpState()
    const portfolioPath = `/api/v1/accounts/${stack.devnet.demoAddress}/portfolio`
    const healthy = await (await get(portfolioPath)).json()
    expect(healthy.warnings).toBeUndefined()
    await node.stop()

    // The portfolio: 200 from the other chains, with the dead chain named in the body and a header.
    const degraded = await get(portfolioPath)
    expect(degraded.status).toBe(200)
    expect(degraded.headers.get('x-unavailable-chains')).toBe(String(DEAD))
    const body = await degraded.json()
    expect(body.warnings).toEqual([
      { code: 'CHAIN_UNAVAILABLE', chainId: DEAD, message: expect.stringContaining(`Chain ${DEAD} is unavailable`) },
    ])
    const chainsSeen = new Set(
      body.portfolio.flatMap((e: { tokenChainBalance: { chainId: number }[] }) =>
        e.tokenChainBalance.map((r) => r.chainId),
      ),
    )
    expect(chainsSeen).toEqual(new Set([1, 10, 8453]))
    const healthyUsdc = healthy.portfolio.find((e: { tokenName: string }) => e.tokenName === 'USDC')
    const degradedUsdc = body.portfolio.find((e: { tokenName: string }) => e.tokenName === 'USDC')
    expect(degradedUsdc.tokenChainBalance).toEqual(
      healthyUsdc.tokenChainBalance.filter((r: { chainId: number }) => r.chainId !== DEAD),
    )

    // A route elsewhere is planned without the dead chain; a route to it is a 503 with Retry-After.
    const elsewhere = await route(8453)
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.headers.get('x-unavailable-chains')).toBe(String(DEAD))
    const planned = await elsewhere.json()
    expect(planned.intentOp.elements.map((e: { chainId: string }) => e.chainId)).not.toContain(String(DEAD))
    expect(planned.warnings[0]).toMatchObject({ code: 'CHAIN_UNAVAILABLE', chainId: DEAD })
    const toDead = await route(DEAD)
    expect(toDead.status).toBe(503)
    expect(Number(toDead.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await toDead.json()).toMatchObject({ message: `Chain ${DEAD} is unavailable`, traceId: expect.any(String) })

    // The node comes back on the same port with its state: the service notices by itself.
    const port = Number(new URL(node.url).port)
    revived = await startAnvil({ chainId: DEAD, port })
    await createDevnetClient(revived.url, getChain(DEAD)!.viem as Chain).loadState({ state })
    const backAt = Date.now()
    let recovered = false
    while (Date.now() - backAt < 5_000) {
      const res = await get(portfolioPath)
      if (res.status === 200 && !res.headers.get('x-unavailable-chains')) {
        expect((await res.json()).portfolio).toEqual(healthy.portfolio)
        recovered = true
        break
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(recovered, 'recovered within 5 s of the node coming back').toBe(true)
    expect((await route(DEAD)).status).toBe(200)
  })
})

describe('the database not there, then there', () => {
  it('answers 503 with Retry-After naming the database, logs why, and serves once it answers, also after losing it', {
    timeout: 120_000,
  }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'ir-db-later-'))
    const socketDir = join(root, 'socket')
    const app = await startApp({
      ...devnetAppEnv(stack.devnet.rpcUrls, pgliteSocketUrl(socketDir)),
      WEB_CONCURRENCY: '1',
      RATE_LIMIT_STORE: 'memory',
    })
    let host: Awaited<ReturnType<typeof hostPglite>> | undefined
    try {
      const portfolio = (key: string) =>
        fetch(`${app.baseUrl}/api/v1/accounts/${stack.devnet.demoAddress}/portfolio`, { headers: { 'x-api-key': key } })
      const down = await portfolio('ir_test_not_checked_while_the_database_is_down')
      expect(down.status).toBe(503)
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await down.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        errors: [{ context: { part: 'database' } }],
        traceId: expect.any(String),
      })
      // The line comes on the app's stdout, a pipe this process may read after the answer's socket.
      await expect.poll(() => app.logs(), { timeout: 5_000 }).toContain('the database cannot be opened')

      host = await hostPglite({ dir: join(root, 'db'), socketDir })
      const sql = await openDatabase({ url: host.url })
      const { key } = await createApiKey(sql, { name: 'later', scopes: ['portfolio:read'] })
      await sql.close()
      expect((await portfolio(key)).status).toBe(200)

      // It goes away under the running app (its connections cut, its socket gone), then comes back.
      const sql2 = await openDatabase({ url: host.url })
      const { key: reader } = await createApiKey(sql2, { name: 'history', scopes: ['routes:read'] })
      await sql2.close()
      const history = () =>
        fetch(`${app.baseUrl}/api/v1/accounts/${stack.devnet.demoAddress}/routes`, { headers: { 'x-api-key': reader } })
      expect((await history()).status).toBe(200)
      await host.stop()
      host = undefined
      const gone = await history()
      expect(gone.status).toBe(503)
      expect(Number(gone.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await gone.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        errors: [{ context: { part: 'database' } }],
      })
      host = await hostPglite({ dir: join(root, 'db'), socketDir })
      expect((await history()).status).toBe(200)
    } finally {
      await app.stop()
      await host?.stop()
      rmSync(root, { recursive: true, force: true })
    }
  })
})
