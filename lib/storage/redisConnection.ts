// One Redis connection per use, made when first needed: ready within CONNECT_TIMEOUT_MS or refused
// (ioredis retries forever, so without a deadline a Redis that is down at first use would hold every
// caller). After a refusal the next call tries again. Commands fail at once while it is away
// (no offline queue): every user of it has an answer of its own without Redis.
import { Redis } from 'ioredis'

export const CONNECT_TIMEOUT_MS = 1_000

export type RedisConnection = { get: () => Promise<Redis>; close: () => Promise<void> }

export function redisConnection(url: string): RedisConnection {
  let redis: Promise<Redis> | undefined
  const get = () =>
    (redis ??= new Promise<Redis>((resolve, reject) => {
      const client = new Redis(url, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: CONNECT_TIMEOUT_MS,
      })
      client.on('error', () => {}) // an outage later on is each command's failure, answered by its caller
      const timer = setTimeout(() => {
        client.disconnect()
        reject(new Error(`Redis at ${new URL(url).host} did not answer within ${CONNECT_TIMEOUT_MS} ms`))
      }, CONNECT_TIMEOUT_MS)
      client.once('ready', () => {
        clearTimeout(timer)
        resolve(client)
      })
    }).catch((error: unknown) => {
      redis = undefined
      throw error
    }))
  return {
    get,
    close: async () => {
      if (redis) (await redis.catch(() => undefined))?.disconnect()
      redis = undefined
    },
  }
}
