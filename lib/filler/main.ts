// The filler process (`npm run dev` and the test stack start it): takes submitted intents from the
// database and settles them on chain. Several may run against one database; a lease makes exactly
// one of them the filler at a time (its account's transaction nonces stay in order), and a new
// one takes over within a lease period when the holder stops.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import pino from 'pino'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ATTESTER_LEASE } from '../attester/attestFills'
import { fillerEnvSchema, logEnvSchema, readEnv } from '../config/env'
import { type ChainId, chainIds } from '../core/chains/chains'
import { holdLease, leaseHeld, openIntents, openJournal, releaseLease } from '../storage/intentStore'
import { openDatabase } from '../storage/openDatabase'
import { pruneStoredRoutes } from '../storage/retention'
import { approveArbiters } from './approveArbiters'
import { Backoff } from './backoff'
import { fillerChains } from './fillerChains'
import { RECEIPT_WAIT_MS } from './sendStep'
import { settleIntent } from './settleIntent'

const LEASE = 'filler'
/** Outlives the longest step: a pass over one intent waits at most a few receipts of RECEIPT_WAIT_MS. */
const LEASE_MS = 6 * RECEIPT_WAIT_MS
/** Intents looked at per pass; those backing off are not among them. */
const BATCH = 20
const PRUNE_EVERY_MS = 3_600_000

async function main() {
  const env = readEnv(fillerEnvSchema)
  const log = pino({ base: { service: 'filler' }, timestamp: pino.stdTimeFunctions.isoTime, level: readEnv(logEnvSchema).LOG_LEVEL })
  const account = privateKeyToAccount(env.FILLER_PRIVATE_KEY as Hex)
  const chains = fillerChains(Object.fromEntries(chainIds.map((id) => [id, env[`RPC_URL_${id}`]])), account)
  const sql = await openDatabase({ url: env.DATABASE_URL, maxConnections: 2 })
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  log.info({ filler: account.address, chains: [...chains.keys()], holder }, 'filler started')

  let stopping = false
  let approved = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    await releaseLease(sql, LEASE, holder).catch(() => {})
    await sql.close().catch(() => {})
    process.exit(code)
  }
  process.once('SIGINT', () => void stop(0))
  process.once('SIGTERM', () => void stop(0))
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && void stop(0), 500).unref()

  const backoff = new Backoff()
  let prunedAt = -Infinity
  while (!stopping) {
    try {
      if (await holdLease(sql, LEASE, holder, LEASE_MS)) {
        // Retention: the lease holder deletes what is older than ROUTE_RETENTION_DAYS, hourly.
        if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = Date.now()
          const pruned = await pruneStoredRoutes(sql, { retentionDays: env.ROUTE_RETENTION_DAYS })
          if (pruned.routes + pruned.intents > 0) log.info(pruned, 'old routes deleted')
        }
        if (!approved) {
          // What a previous filler signed but may not have sent goes out first, in its nonce order.
          for (const entry of await openJournal(sql)) {
            await chains
              .get(entry.chainId)
              ?.client.sendRawTransaction({ serializedTransaction: entry.raw })
              .catch(() => {})
          }
          for (const chain of chains.values()) {
            const sent = await approveArbiters(chain)
            if (sent > 0) log.info({ chainId: chain.chainId, approvals: sent }, 'arbiters approved')
          }
          approved = true
          log.info({ holder }, 'filling')
        }
        for (const intent of await openIntents(sql, BATCH, backoff.waiting())) {
          if (stopping || !(await holdLease(sql, LEASE, holder, LEASE_MS))) break
          try {
            const outcome = await settleIntent({
              sql,
              intent,
              chains,
              nowSeconds: () => BigInt(Math.floor(Date.now() / 1000)),
              log: (event, fields) => log.info(fields, event),
              confirmations: (chainId) => env[`FILLER_CONFIRMATIONS_${chainId as ChainId}`] ?? env.FILLER_CONFIRMATIONS,
              attesterAlive: () => leaseHeld(sql, ATTESTER_LEASE),
            })
            if (outcome === 'waiting') backoff.wait(intent.nonce)
            else backoff.clear(intent.nonce)
          } catch (error) {
            // Transient (a node or the database did not answer): this intent backs off, the others go on.
            const delay = backoff.wait(intent.nonce)
            log.warn({ id: intent.nonce, retryInMs: delay, error: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'settlement step failed; retrying')
          }
        }
      }
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'filler pass failed; retrying')
    }
    await new Promise((r) => setTimeout(r, env.FILLER_POLL_MS))
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
