import 'server-only'
// Per-process server state built once from the environment: chain readers, key hashes, lock tags.
import { createPublicClient, fallback, http, webSocket, type Chain, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { readEnv, serverEnvSchema } from '../config/env'
import { chains } from '../core/chains/chains'
import { defaultLockTag } from '../core/locks/defaultLockTag'
import { defaultFeeModel, type FeeModel } from '../core/route/feeModel'
import type { ChainBalances, ChainReader } from '../core/portfolio/readBalances'
import { createTtlCache, type TtlCache } from '../core/chainState/ttlCache'
import type { MarketData, RouteState } from '../core/route/readRouteState'
import { browserKeyHash, parseKeyHashes, type KeyHash } from './apiKeys'
import { createRateLimiter, type RateLimiter } from './rateLimiter'
import { rpcFetch } from './rpcFetch'

export type ServerContext = {
  readers: ChainReader[]
  apiKeys: KeyHash[]
  browserKey: string | undefined
  lockTags: Hex[]
  priceMaxAgeSeconds: number
  /** Signs every route; its address is public (GET /api/v1/signer), its key never leaves this object. */
  signer: PrivateKeyAccount
  feeModel: FeeModel
  routeTtlSeconds: number
  rateLimiter: RateLimiter
  defaultRate: string
  caches: {
    balances: TtlCache<ChainBalances>
    balanceMaxAgeMs: number
    market: TtlCache<MarketData>
    marketMaxAgeMs: number
    routeState: TtlCache<RouteState>
  }
}

let context: ServerContext | undefined

export function serverContext(): ServerContext {
  context ??= buildContext()
  return context
}

function buildContext(): ServerContext {
  const env = readEnv(serverEnvSchema)
  const readers = chains.flatMap((c) => {
    const urls = env[`RPC_URL_${c.id}`]
    if (!urls) return []
    // One attempt per URL, each with a timeout; the fallback walks the URLs in order and takes one
    // more pass after a short pause. No per-URL retries: a struggling node gets no extra load.
    const transports = urls.map((url) =>
      url.startsWith('ws')
        ? webSocket(url, { timeout: env.RPC_TIMEOUT_MS, retryCount: 0 })
        : http(url, { timeout: env.RPC_TIMEOUT_MS, retryCount: 0, fetchFn: rpcFetch }),
    )
    const client = createPublicClient({ chain: c.viem as Chain, transport: fallback(transports, { retryCount: 1, retryDelay: 150 }) })
    return [{ chainId: c.id, client }]
  })
  const browserKey = env.BROWSER_API_KEY
  const apiKeys = [...parseKeyHashes(env.API_KEY_SHA256), ...(browserKey ? [browserKeyHash(browserKey)] : [])]
  return {
    readers,
    apiKeys,
    browserKey,
    lockTags: (env.LOCK_TAGS as Hex[] | undefined) ?? [defaultLockTag],
    priceMaxAgeSeconds: env.PRICE_MAX_AGE_SECONDS,
    signer: privateKeyToAccount(env.SIGNER_PRIVATE_KEY as Hex),
    feeModel: defaultFeeModel(env.PROTOCOL_FEE_BPS),
    routeTtlSeconds: env.ROUTE_TTL_SECONDS,
    rateLimiter: createRateLimiter(
      env.REDIS_URL ? { kind: 'redis', url: env.REDIS_URL } : env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'memory' },
    ),
    defaultRate: env.RATE_LIMIT_DEFAULT,
    caches: {
      balances: createTtlCache<ChainBalances>(),
      balanceMaxAgeMs: env.BALANCE_CACHE_MS,
      market: createTtlCache<MarketData>(),
      marketMaxAgeMs: env.MARKET_CACHE_MS,
      routeState: createTtlCache<RouteState>(),
    },
  }
}
