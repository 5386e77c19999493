import 'server-only'
// Route nonces, off the request's critical path: the instance reserves a block from the shared
// database sequence (one round trip per BLOCK routes, every nonce still unique across instances)
// and refills it in the background before it runs out. Nonces reserved but never issued (a
// restart, a shortfall) are skipped; nothing depends on them being consecutive.
import { reserveRouteNonces } from '../storage/routeStore'
import type { Sql } from '../storage/sql'

const BLOCK = 64
/** Refill when this few are left, so a burst rarely waits for the database. */
const LOW_WATER = 16

export type NoncePool = { take(): Promise<bigint> }

export function createNoncePool(db: () => Promise<Pick<Sql, 'query'>>, block = BLOCK, lowWater = LOW_WATER): NoncePool {
  const ready: bigint[] = []
  let refilling: Promise<void> | undefined
  const refill = () =>
    (refilling ??= (async () => {
      try {
        ready.push(...(await reserveRouteNonces(await db(), block)))
      } finally {
        refilling = undefined
      }
    })())
  return {
    async take() {
      while (ready.length === 0) await refill()
      const nonce = ready.shift()
      if (nonce === undefined) throw new Error('no route nonce after a refill')
      if (ready.length < lowWater) refill().catch(() => {}) // a failure shows on the next take that needs it
      return nonce
    },
  }
}
