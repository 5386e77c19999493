// The filler owes delivery once it is paid: a re-org (anvil_rollback) undoes a completed intent's
// fill after the claim paid the filler, and the chain's clock has passed the fill deadline, so the
// journaled fill can no longer be mined. The filler sends tokenOut to the recipient from its
// inventory (a journaled plain transfer), the status says so, and raw chain reads show everyone
// moved exactly as the route says. A stack of its own: it rolls back and warps a chain.
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { findIntent } from '../../lib/storage/intentStore'
import { journalOf } from '../../lib/storage/journalStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { expectedMoves, fundedAccount, settlement } from '../support/settlement'
import { type Stack, startStack } from '../support/stack'

let stack: Stack
let sql: Sql
let s: ReturnType<typeof settlement>
const usdc = (v: string) => parseUnits(v, 6)

beforeAll(async () => {
  stack = await startStack()
  sql = await openDatabase({ url: stack.databaseUrl })
  const { key } = await createApiKey(sql, { name: 'delivery suite', scopes })
  s = settlement({ baseUrl: stack.baseUrl, apiKey: key, rpcUrls: stack.devnet.rpcUrls })
}, 240_000)

afterAll(async () => {
  await sql?.close()
  await stack?.stop()
})

describe('delivery from inventory', () => {
  it(
    'a fill undone after the filler was paid, past its deadline: tokenOut ' +
      'is transferred to the recipient, once, and the status says so',
    async () => {
      const account = await fundedAccount(s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
      const { intentOp } = await s.route(account, {
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        account: { address: account.address, accountType: 'EOA' },
      })
      expect(intentOp.elements[0]!.mandate.qualifier.settlementContext.fundingMethod).toBe('COMPACT')
      const id = intentOp.nonce
      const before = await s.snapshot(intentOp, account.address, account.address)
      expect((await s.submit(await s.sign(account, intentOp))).status).toBe(201)
      const done = await s.waitFinal(id)
      expect(done.status).toBe('COMPLETED')
      expect(done.claims[0].status).toBe('COMPLETED') // the filler was paid on chain 10

      // The filler is down while chain 8453 drops the fill and its clock passes the fill deadline.
      await stack.filler.stop()
      const base = s.chain.client(8453)
      const fill = await base.getTransactionReceipt({ hash: done.fillTransactionHash })
      const head = await base.getBlockNumber({ cacheTime: 0 })
      await base.request({ method: 'anvil_rollback', params: [Number(head - fill.blockNumber) + 1] } as never)
      expect(
        await base.getTransactionReceipt({ hash: done.fillTransactionHash }).catch(() => undefined),
      ).toBeUndefined()
      const deadline = BigInt(intentOp.elements[0]!.mandate.fillDeadline)
      await base.setNextBlockTimestamp({ timestamp: deadline + 1n })
      await base.mine({ blocks: 1 })

      await stack.filler.start()
      const deadlineAt = Date.now() + 40_000
      let delivered = await s.call('GET', `/intent-operation/${id}`)
      while (delivered.body.delivery !== 'transfer' && Date.now() < deadlineAt) {
        await new Promise((r) => setTimeout(r, 200))
        delivered = await s.call('GET', `/intent-operation/${id}`)
      }
      expect(delivered.body).toMatchObject({ status: 'COMPLETED', delivery: 'transfer' })
      const stored = (await findIntent(sql, BigInt(id)))!
      expect(stored.fill).toMatchObject({ chainId: 8453, status: 'COMPLETED', method: 'transfer' })
      // The transfer is journaled like any step, and it is what the status names.
      const deliveries = (await journalOf(sql, id)).filter((e) => e.step.startsWith('deliver:'))
      expect(deliveries).toHaveLength(1)
      expect(delivered.body.fillTransactionHash).toBe(deliveries[0]!.hash)
      expect((await base.getTransactionReceipt({ hash: deliveries[0]!.hash })).status).toBe('success')
      // The old fill never lands: either still gone, or mined as a revert past its deadline.
      const old = await base.getTransactionReceipt({ hash: done.fillTransactionHash }).catch(() => undefined)
      expect(old === undefined || old.status === 'reverted').toBe(true)

      // Exactly the route's moves: the account paid once, the recipient got tokenOut once, the filler
      // was paid once and delivered once (a second pass sends nothing more).
      await new Promise((r) => setTimeout(r, 1_500))
      const after = await s.snapshot(intentOp, account.address, account.address)
      for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
        expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
      expect((await journalOf(sql, id)).filter((e) => e.step.startsWith('deliver:'))).toHaveLength(1)
    },
  )
})
