// Two filler processes, each with its own key, on one database (Postgres when TEST_DATABASE_URL is
// set): a batch of mixed intents (locked USDC through The Compact, Permit2 USDC) submitted at once
// is shared between them, none lost and none doubled (every intent COMPLETED, exactly one Filled
// event each on chain, and every transaction an intent journaled signed by one key). Then one of
// them is killed mid-batch: the intents it had claimed but sent nothing for are taken over by the
// other once its claims lapsed; those it had sent transactions for stay with its key and are
// finished by a process started with that key (the restart a supervisor does), after its lease
// lapsed. Uses a stack of its own, since it starts and kills fillers.
import { type Hex, parseUnits, recoverTransactionAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { arbiterAbi } from '../../lib/core/abi/arbiter'
import { fillerAccounts } from '../../lib/devnet/demoAccount'
import { devnetFillerEnv } from '../../lib/devnet/fillerEnv'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { journalOf } from '../../lib/storage/journalStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { type FillerProcess, spawnFiller } from '../../lib/worker/spawnFiller'
import { fundedAccount, settlement } from '../support/settlement'
import { type Stack, startStack } from '../support/stack'

let stack: Stack
let sql: Sql
let s: ReturnType<typeof settlement>
const [first, second] = fillerAccounts.map((a) => a.address.toLowerCase())
const usdc = (v: string) => parseUnits(v, 6)
const filledEvent = arbiterAbi.find((item) => item.type === 'event' && item.name === 'Filled')!
const BATCH = 12

beforeAll(async () => {
  stack = await startStack()
  sql = await openDatabase({ url: stack.databaseUrl })
  const { key } = await createApiKey(sql, { name: 'two fillers suite', scopes })
  s = settlement({ baseUrl: stack.baseUrl, apiKey: key, rpcUrls: stack.devnet.rpcUrls })
}, 180_000)

afterAll(async () => {
  await sql?.close()
  await stack?.stop()
})

/** `count` signed intents, alternating locked USDC on 10 → 8453 (COMPACT) and USDC on 8453 →
 * 42161 (PERMIT2), each from a fresh sponsor, not yet submitted. */
async function signedBatch(count: number) {
  const batch = []
  for (let i = 0; i < count; i++) {
    const compact = i % 2 === 0
    const source = compact ? 10 : 8453
    const account = await fundedAccount(s.chain, [
      { chainId: source, symbol: 'USDC', amount: usdc('100'), locked: compact },
    ])
    const { intentOp } = await s.route(account, {
      destinationChainId: compact ? 8453 : 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('25').toString() }],
      account: { address: account.address, accountType: 'EOA' },
    })
    expect(intentOp.elements[0]!.mandate.qualifier.settlementContext.fundingMethod).toBe(
      compact ? 'COMPACT' : 'PERMIT2',
    )
    batch.push({ id: intentOp.nonce, signed: await s.sign(account, intentOp) })
  }
  return batch
}

/** Per intent: the addresses its Filled events name, on every destination, since `fromBlocks`. */
async function fillsSince(fromBlocks: Record<number, bigint>) {
  const byIntent = new Map<string, string[]>()
  for (const [id, fromBlock] of Object.entries(fromBlocks)) {
    const logs = await s.chain.client(Number(id)).getLogs({ event: filledEvent, fromBlock, toBlock: 'latest' })
    for (const log of logs) {
      const nonce = String(log.args.nonce)
      byIntent.set(nonce, [...(byIntent.get(nonce) ?? []), String(log.args.filler).toLowerCase()])
    }
  }
  return byIntent
}

const heads = async () =>
  Object.fromEntries(
    await Promise.all([8453, 42161].map(async (id) => [id, await s.chain.client(id).getBlockNumber()])),
  )

/** The accounts that signed an intent's journaled transactions. */
async function senders(id: string): Promise<Set<string>> {
  const entries = await journalOf(sql, id)
  const from = await Promise.all(
    entries.map((e) => recoverTransactionAddress({ serializedTransaction: e.raw as Hex & `0x02${string}` })),
  )
  return new Set(from.map((a) => a.toLowerCase()))
}

/** Intents each process settles at once: half the batch, so that neither can claim all of it before
 * the other looks (with the default of 32, one process could take the whole batch in one claim). */
const SHARE = String(BATCH / 2)

function spawnSecond(onLine: (chunk: string) => void): FillerProcess {
  const env = { ...devnetFillerEnv(stack.devnet.rpcUrls, stack.databaseUrl, 1), FILLER_CONCURRENCY: SHARE }
  return spawnFiller(env, (chunk) => onLine(chunk.toString()))
}

describe('two filler processes on one database', () => {
  it('share a batch submitted at once: every intent settled exactly once, by one key', async () => {
    let output = ''
    await stack.filler.stop()
    await stack.filler.start({ FILLER_CONCURRENCY: SHARE })
    const other = spawnSecond((chunk) => (output += chunk))
    try {
      await other.ready
      const batch = await signedBatch(BATCH)
      const from = await heads()
      const submitted = await Promise.all(batch.map((b) => s.submit(b.signed)))
      expect(submitted.map((r) => r.status)).toEqual(batch.map(() => 201))
      const done = await Promise.all(batch.map((b) => s.waitFinal(b.id)))
      expect(done.map((d) => d.status)).toEqual(batch.map(() => 'COMPLETED'))

      const fills = await fillsSince(from)
      for (const b of batch) expect(fills.get(b.id)).toHaveLength(1)
      // Both keys filled some of it, and each intent's transactions are one key's.
      const fillers = new Set(batch.map((b) => fills.get(b.id)?.[0]))
      expect(fillers).toEqual(new Set([first, second]))
      for (const b of batch) expect(await senders(b.id)).toEqual(new Set(fills.get(b.id)))
    } finally {
      await other.stop()
    }
  }, 240_000)

  it('one killed mid-batch: its unsent intents go to the other, its started ones to its key once it is back', async () => {
    let output = ''
    const doomed = spawnSecond((chunk) => (output += chunk))
    let restarted: FillerProcess | undefined
    try {
      await doomed.ready
      const batch = await signedBatch(BATCH)
      const ids = batch.map((b) => b.id)
      const from = await heads()
      await Promise.all(batch.map((b) => s.submit(b.signed)))
      // Killed (no clean release of its lease or claims) as soon as it filled one of the batch.
      while (!ids.some((id) => filledIn(output, id))) await new Promise((resolve) => setTimeout(resolve, 20))
      process.kill(doomed.pid, 'SIGKILL')

      // What the killed process held: its key's intents still open, with or without a sent transaction.
      const held = await sql.query<{ nonce: string; sent: boolean }>(
        `SELECT nonce::text AS nonce, EXISTS (SELECT 1 FROM intent_transactions t WHERE t.nonce = i.nonce) AS sent
         FROM intents i WHERE nonce::text = ANY($1::text[]) AND filler_address = $2
           AND status IN ('PENDING', 'CLAIMED', 'FILLED')`,
        [ids, second],
      )
      const unsent = held.filter((h) => !h.sent).map((h) => h.nonce)
      const started = held.filter((h) => h.sent).map((h) => h.nonce)
      expect(held.length).toBeGreaterThan(0)

      // Everything but its started intents settles with only the first key running.
      const others = ids.filter((id) => !started.includes(id))
      const settled = await Promise.all(others.map((id) => s.waitFinal(id)))
      expect(settled.map((d) => d.status)).toEqual(others.map(() => 'COMPLETED'))
      for (const id of unsent) expect(await senders(id)).toEqual(new Set([first]))

      // A process with the killed one's key takes its started intents over once its lease lapsed.
      restarted = spawnSecond(() => {})
      await restarted.ready
      const resumed = await Promise.all(started.map((id) => s.waitFinal(id)))
      expect(resumed.map((d) => d.status)).toEqual(started.map(() => 'COMPLETED'))
      for (const id of started) expect(await senders(id)).toEqual(new Set([second]))

      const fills = await fillsSince(from)
      for (const id of ids) expect(fills.get(id)).toHaveLength(1)
    } finally {
      await doomed.stop()
      await restarted?.stop()
    }
  }, 300_000)
})

/** Whether the filler's log says it filled the intent (its fields in any order). */
function filledIn(output: string, id: string): boolean {
  return output.split('\n').some((line) => line.includes('"msg":"intent filled"') && line.includes(`"id":"${id}"`))
}
