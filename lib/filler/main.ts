// The filler process (`npm run dev` and the test stack start it): takes submitted intents from the
// database and settles them on chain. Several may run against one database, each sending from its
// own key, and share the work: each claims the open intents it settles (lib/storage/intentClaims.ts,
// row locks with SKIP LOCKED), renews its claims while it works on them, and gives them back when
// they are final; a claim that lapsed (its filler crashed or stalled) is taken over by another. An
// intent that already sent a transaction stays with its sending account (a restart or standby with
// that key takes it over). Processes with the same key stand by for each other: a lease per sending
// account makes exactly one of them send from its nonce sequence at a time, and a new one takes over
// within a lease period when the holder stops. Lease and claims are renewed on every turn of the
// loop, and every send passes both fences, so a filler that lost either (a stall longer than it)
// stops sending before another can start.
// Intents are settled in parallel (scheduler.ts, FILLER_CONCURRENCY at once), their transactions
// signed in one batch at a time per chain (sendBatch.ts); settled ones stay watched for re-orgs
// (finalityWatch.ts).
import { fillerEnvSchema, logEnvSchema, readEnv } from '../config/env'
import { type ChainId, chainIds } from '../core/chains/chains'
import { attestedNonces } from '../storage/attestationStore'
import { openJournal, settledJournalSince } from '../storage/journalStore'
import { ATTESTER_LEASE, leaseHeld } from '../storage/leaseStore'
import { pruneStoredRoutes } from '../storage/retention'
import { inNonceOrder } from '../worker/nonceGaps'
import { firstLine, runWorker } from '../worker/workerProcess'
import { approveArbiters } from './approveArbiters'
import { FinalityWatch, finalityStore } from './finalityWatch'
import { Scheduler } from './scheduler'
import { RECEIPT_WAIT_MS } from './sendStep'
import { settleIntent } from './settle/settleStoredIntent'

/** Outlives the longest step (a receipt wait of RECEIPT_WAIT_MS) with room; renewed every turn. */
const LEASE_MS = RECEIPT_WAIT_MS + 5_000
/** A claim on an intent, renewed every turn: another filler takes the intent over this long after
 * its filler stopped renewing. */
const CLAIM_MS = LEASE_MS
const PRUNE_EVERY_MS = 3_600_000
const WATCH_EVERY_MS = 500
const ATTESTER_CHECK_MS = 500

const env = readEnv(fillerEnvSchema)

runWorker({
  service: 'filler',
  privateKey: env.FILLER_PRIVATE_KEY,
  rpcUrls: Object.fromEntries(chainIds.map((id) => [id, env[`RPC_URL_${id}`]])),
  databaseUrl: env.DATABASE_URL,
  logLevel: readEnv(logEnvSchema).LOG_LEVEL,
  leaseMs: LEASE_MS,
  // One sender per nonce sequence: processes with the same key stand by for each other.
  leaseName: (account) => `filler:${account.address.toLowerCase()}`,
  claimMs: CLAIM_MS,
  pollMs: env.FILLER_POLL_MS,
  describe: () => ({ concurrency: env.FILLER_CONCURRENCY }),
  start: ({ log, sql, account, chains, lease, claims, wake, stopping }) => {
    if (!claims) throw new Error('the filler settles only the intents it claims')
    const info = (event: string, fields: Record<string, unknown>) => log.info(fields, event)
    // The attester's heartbeat (its lease, 3 s) read at most every ATTESTER_CHECK_MS for all intents.
    let attester: { at: number; alive: Promise<boolean> } | undefined
    const attesterAlive = () => {
      if (!attester || Date.now() - attester.at > ATTESTER_CHECK_MS) {
        const alive = leaseHeld(sql, ATTESTER_LEASE)
        attester = { at: Date.now(), alive }
        alive.catch(() => (attester = undefined))
      }
      return attester.alive
    }
    const scheduler = new Scheduler({
      concurrency: env.FILLER_CONCURRENCY,
      openIntents: (limit, skip) => claims.take(limit, skip),
      finished: (id) =>
        void claims.release([id]).catch((error: unknown) => log.warn({ id, error: firstLine(error) }, 'claim kept')),
      attested: (nonces) => attestedNonces(sql, nonces),
      settle: (intent) =>
        settleIntent({
          sql,
          intent,
          chains,
          nowSeconds: () => BigInt(Math.floor(Date.now() / 1000)),
          log: info,
          confirmations: (chainId) => env[`FILLER_CONFIRMATIONS_${chainId as ChainId}`] ?? env.FILLER_CONFIRMATIONS,
          attesterConfirmations: () => env.ATTESTER_CONFIRMATIONS,
          attesterAlive,
        }),
      wake,
      warn: (fields, message) => log.warn(fields, message),
    })
    // It watches the intents its own key settled: another key's steps carry another filler's proofs.
    const store = finalityStore(sql, chains)
    const watch = new FinalityWatch(
      { ...store, settledSince: (since, seconds) => settledJournalSince(sql, since, seconds, account.address) },
      chains,
      info,
    )
    let watching: Promise<void> | undefined
    let ready = false
    let prunedAt = -Infinity
    let watchedAt = -Infinity
    return {
      turn: async () => {
        if (!ready) {
          // What a previous filler signed but may not have sent goes out first, in its nonce order.
          for (const entry of inNonceOrder(await openJournal(sql, account.address))) {
            await chains
              .get(entry.chainId)
              ?.client.sendRawTransaction({ serializedTransaction: entry.raw })
              .catch(() => {})
          }
          for (const chain of chains.values()) {
            const sent = await approveArbiters(chain)
            if (sent > 0) log.info({ chainId: chain.chainId, approvals: sent }, 'arbiters approved')
          }
          ready = true
          log.info({ holder: lease.holder, lease: lease.name }, 'filling')
        }
        // Retention: each filler deletes what is older than ROUTE_RETENTION_DAYS, hourly (idempotent).
        if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = Date.now()
          const pruned = await pruneStoredRoutes(sql, { retentionDays: env.ROUTE_RETENTION_DAYS })
          if (pruned.routes + pruned.intents > 0) log.info(pruned, 'old routes deleted')
        }
        // The finality watch runs beside the scheduler: its look-ups never hold up a tick.
        if (!watching && Date.now() - watchedAt >= WATCH_EVERY_MS) {
          watchedAt = Date.now()
          watching = watch
            .check()
            .then(() => {})
            .catch((error: unknown) => log.warn({ error: firstLine(error) }, 'finality watch failed; retrying'))
            .finally(() => {
              watching = undefined
            })
        }
        await claims.renew()
        if (!stopping() && lease.held(1_000)) await scheduler.tick()
      },
      stop: async () => {
        // In-flight steps finish their send (each journaled first) before the lease is given back.
        await Promise.race([Promise.all([scheduler.idle(), watching]), new Promise((r) => setTimeout(r, 2_000))])
      },
    }
  },
})
