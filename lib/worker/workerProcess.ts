// What the filler and the attester processes share: a logger, their signing account and chains, the
// database, a lease that makes exactly one of several processes the worker (the filler's is per
// sending account: processes with different keys work side by side, sharing the intents through
// per-intent claims, claims.ts), a stop on SIGINT, SIGTERM or the parent's exit that gives the
// lease and the claims back, and the loop: while the lease is held, one `turn` after another,
// `pollMs` apart unless the worker wakes the loop sooner.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import pino, { type Logger } from 'pino'
import type { Hex, PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainIds } from '../core/chains/chains'
import { openDatabase } from '../storage/openDatabase'
import type { Sql } from '../storage/sql'
import { IntentClaims } from './claims'
import { type FillerChain, fillerChains } from './fillerChains'
import { Lease } from './lease'

export type WorkerContext = {
  log: Logger
  sql: Sql
  account: PrivateKeyAccount
  chains: Map<number, FillerChain>
  lease: Lease
  /** With `claimMs`: the intents this process holds; every send for an intent passes its fence. */
  claims: IntentClaims | undefined
  /** Ends the current wait between turns at once. */
  wake: () => void
  stopping: () => boolean
}

export type WorkerOptions = {
  service: 'filler' | 'attester'
  privateKey: string
  rpcUrls: Partial<Record<number, string[]>>
  databaseUrl: string
  logLevel: string
  leaseMs: number
  /** The lease's name (default: the service's): one process at a time holds it. */
  leaseName?: (account: PrivateKeyAccount) => string
  /** How long a claim on an intent holds unrenewed (claims.ts); unset: no claims. */
  claimMs?: number
  pollMs: number
  /** Fields of the "started" line. */
  describe?: (account: PrivateKeyAccount) => Record<string, unknown>
  /** Makes the worker: `turn` runs while the lease is held; `stop` before the lease is given back. */
  start: (ctx: WorkerContext) => { turn: () => Promise<void>; stop?: () => Promise<void> }
}

export function runWorker(o: WorkerOptions): void {
  main(o).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error))

async function main(o: WorkerOptions): Promise<void> {
  const log = pino({ base: { service: o.service }, timestamp: pino.stdTimeFunctions.isoTime, level: o.logLevel })
  const account = privateKeyToAccount(o.privateKey as Hex)
  // One connection: the embedded database's socket server (hostPglite) interleaves the messages of
  // concurrent connections and binds one query's parameters to another's statement. Its queries are
  // short; the parallel settlement tasks wait for it in turn.
  const sql = await openDatabase({ url: o.databaseUrl, maxConnections: 1 })
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const lease = new Lease(sql, o.leaseName?.(account) ?? o.service, holder, o.leaseMs)
  const claims =
    o.claimMs === undefined ? undefined : new IntentClaims(sql, { holder, sender: account.address }, o.claimMs)
  const chains = fillerChains(
    Object.fromEntries(chainIds.map((id) => [id, o.rpcUrls[id]])),
    account,
    () => lease.fence(),
    sql,
    claims && ((intent) => claims.fence(intent)),
  )
  log.info(
    { [o.service]: account.address, chains: [...chains.keys()], holder, ...o.describe?.(account) },
    `${o.service} started`,
  )

  let stopping = false
  let wakeUp: () => void = () => {}
  const worker = o.start({ log, sql, account, chains, lease, claims, wake: () => wakeUp(), stopping: () => stopping })
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    wakeUp()
    await worker.stop?.().catch(() => {})
    await claims?.release(claims.nonces).catch(() => {})
    await lease.release().catch(() => {})
    await sql.close().catch(() => {})
    process.exit(code)
  }
  process.once('SIGINT', () => void stop(0))
  process.once('SIGTERM', () => void stop(0))
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && void stop(0), 500).unref()

  while (!stopping) {
    try {
      if (await lease.renew()) await worker.turn()
    } catch (error) {
      log.warn({ error: firstLine(error) }, `${o.service} pass failed; retrying`)
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, o.pollMs)
      wakeUp = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }
}

export { firstLine }
