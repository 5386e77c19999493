// The attester process (`npm run dev` and the test stack start it beside the filler): it watches
// every chain's arbiters for `Filled` events, waits ATTESTER_CONFIRMATIONS blocks, and signs an
// attestation of each fill with its own key, which the origin arbiters check before they pay the
// filler. It models a bridge's verification of the destination event (one validator, like a
// Hyperlane ISM with a single signer), not a light client. Its lease doubles as its heartbeat:
// the filler does not start a fill while no attester holds it.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import pino from 'pino'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { attesterEnvSchema, logEnvSchema, readEnv } from '../config/env'
import { chainIds } from '../core/chains/chains'
import { fillerChains } from '../filler/fillerChains'
import { holdLease, releaseLease } from '../storage/intentStore'
import { openDatabase } from '../storage/openDatabase'
import { ATTESTER_LEASE, type AttesterCursor, attestFills } from './attestFills'

const LEASE_MS = 3_000

async function main() {
  const env = readEnv(attesterEnvSchema)
  const log = pino({ base: { service: 'attester' }, timestamp: pino.stdTimeFunctions.isoTime, level: readEnv(logEnvSchema).LOG_LEVEL })
  const account = privateKeyToAccount(env.ATTESTER_PRIVATE_KEY as Hex)
  const chains = fillerChains(Object.fromEntries(chainIds.map((id) => [id, env[`RPC_URL_${id}`]])), account)
  const sql = await openDatabase({ url: env.DATABASE_URL, maxConnections: 2 })
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  log.info({ attester: account.address, chains: [...chains.keys()], confirmations: env.ATTESTER_CONFIRMATIONS }, 'attester started')

  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    await releaseLease(sql, ATTESTER_LEASE, holder).catch(() => {})
    await sql.close().catch(() => {})
    process.exit(code)
  }
  process.once('SIGINT', () => void stop(0))
  process.once('SIGTERM', () => void stop(0))
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && void stop(0), 500).unref()

  const cursors = new Map<number, AttesterCursor>([...chains.keys()].map((id) => [id, {}]))
  let announced = false
  while (!stopping) {
    try {
      if (await holdLease(sql, ATTESTER_LEASE, holder, LEASE_MS)) {
        if (!announced) {
          announced = true
          log.info({ holder }, 'attesting')
        }
        await Promise.all(
          [...chains.values()].map((chain) =>
            attestFills({
              sql,
              chainId: chain.chainId,
              client: chain.client,
              account,
              confirmations: env.ATTESTER_CONFIRMATIONS,
              cursor: cursors.get(chain.chainId)!,
              log: (event, fields) => log.info(fields, event),
            }).catch((error: unknown) => log.warn({ chainId: chain.chainId, error: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'attesting failed; retrying')),
          ),
        )
      }
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'attester pass failed; retrying')
    }
    await new Promise((r) => setTimeout(r, env.ATTESTER_POLL_MS))
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
