// The attester process (`npm run dev` and the test stack start it beside the filler): it watches
// every chain's arbiters for `Filled` events, waits ATTESTER_CONFIRMATIONS blocks, and signs an
// attestation of each fill with its own key, which the origin arbiters check before they pay the
// filler. It models a bridge's verification of the destination event (one validator, like a
// Hyperlane ISM with a single signer), not a light client. A re-org of a chain it read is noticed
// (attestFills): the attestations of the dropped blocks are withdrawn and signed again where the
// fills landed. Its lease doubles as its heartbeat: the filler does not start a fill while no
// attester holds it.
import { attesterEnvSchema, logEnvSchema, readEnv } from '../config/env'
import { chainIds } from '../core/chains/chains'
import { ATTESTER_LEASE } from '../storage/leaseStore'
import { firstLine, runWorker } from '../worker/workerProcess'
import { type AttesterCursor, attestFills } from './attestFills'

const env = readEnv(attesterEnvSchema)

runWorker({
  service: ATTESTER_LEASE,
  privateKey: env.ATTESTER_PRIVATE_KEY,
  rpcUrls: Object.fromEntries(chainIds.map((id) => [id, env[`RPC_URL_${id}`]])),
  databaseUrl: env.DATABASE_URL,
  logLevel: readEnv(logEnvSchema).LOG_LEVEL,
  leaseMs: 3_000,
  pollMs: env.ATTESTER_POLL_MS,
  describe: () => ({ confirmations: env.ATTESTER_CONFIRMATIONS }),
  start: ({ log, sql, account, chains, lease }) => {
    const cursors = new Map<number, AttesterCursor>([...chains.keys()].map((id) => [id, {}]))
    let announced = false
    return {
      turn: async () => {
        if (!announced) {
          announced = true
          log.info({ holder: lease.holder }, 'attesting')
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
            }).catch((error: unknown) => log.warn({ chainId: chain.chainId, error: firstLine(error) }, 'attesting failed; retrying')),
          ),
        )
      },
    }
  },
})
