// The attester process (`npm run dev` and the test stack start it beside the filler): it watches
// every chain's arbiters for `Filled` events, waits ATTESTER_CONFIRMATIONS blocks, and signs an
// attestation of each fill with its own key, which the origin arbiters check before they pay the
// filler. It models a bridge's verification of the destination event (one validator, like a
// Hyperlane ISM with a single signer), not a light client. A re-org of a chain it read is noticed
// (attestFills): the attestations of the dropped blocks are withdrawn and signed again where the
// fills landed. Its lease doubles as its heartbeat: the filler does not start a fill while no
// attester holds it. On the devnet (OFT_RELAY_PRIVATE_KEY set) it also relays the OFT adapters'
// packets with the relay's own key, standing in for LayerZero (relayOft.ts).

import { privateKeyToAccount } from 'viem/accounts'
import { attesterEnvSchema, logEnvSchema, readEnv } from '../config/env'
import { chainIds } from '../core/chains/chains'
import { ATTESTER_LEASE } from '../storage/leaseStore'
import { firstLine, runWorker } from '../worker/workerProcess'
import { type AttesterCursor, attestFills } from './attestFills'
import { type RelayChain, type RelayCursors, relayOftPackets } from './relayOft'

const env = readEnv(attesterEnvSchema)
const rpcUrls = Object.fromEntries(chainIds.map((id) => [id, env[`RPC_URL_${id}`]]))
const relay = env.OFT_RELAY_PRIVATE_KEY ? privateKeyToAccount(env.OFT_RELAY_PRIVATE_KEY as `0x${string}`) : undefined

runWorker({
  service: ATTESTER_LEASE,
  privateKey: env.ATTESTER_PRIVATE_KEY,
  rpcUrls,
  databaseUrl: env.DATABASE_URL,
  logLevel: readEnv(logEnvSchema).LOG_LEVEL,
  leaseMs: 3_000,
  pollMs: env.ATTESTER_POLL_MS,
  describe: () => ({ confirmations: env.ATTESTER_CONFIRMATIONS }),
  start: ({ log, sql, account, chains, lease }) => {
    // Each chain with where the attester has read it to (kept across turns).
    const watched = [...chains.values()].map((chain) => {
      const cursor: AttesterCursor = {}
      return { chain, cursor }
    })
    const relayCursors: RelayCursors = new Map()
    const relayChains = new Map<number, RelayChain>()
    for (const c of chains.values()) {
      const url = rpcUrls[c.chainId]?.[0]
      if (url)
        relayChains.set(c.chainId, {
          chainId: c.chainId,
          chain: c.chain,
          client: c.client as RelayChain['client'],
          rpcUrl: url,
        })
    }
    let announced = false
    return {
      turn: async () => {
        if (!announced) {
          announced = true
          log.info({ holder: lease.holder }, 'attesting')
        }
        await Promise.all(
          watched.map(({ chain, cursor }) =>
            attestFills({
              sql,
              chainId: chain.chainId,
              client: chain.client,
              account,
              confirmations: env.ATTESTER_CONFIRMATIONS,
              cursor,
              log: (event, fields) => log.info(fields, event),
            }).catch((error: unknown) =>
              log.warn({ chainId: chain.chainId, error: firstLine(error) }, 'attesting failed; retrying'),
            ),
          ),
        )
        if (relay) {
          await relayOftPackets({
            chains: relayChains,
            account: relay,
            cursors: relayCursors,
            log: (event, fields) => log.info(fields, event),
          }).catch((error: unknown) => log.warn({ error: firstLine(error) }, 'relaying OFT packets failed; retrying'))
        }
      },
    }
  },
})
