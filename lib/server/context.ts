import 'server-only'
// Per-process server state built once from the environment: chain readers, key hashes, lock tags.
import { type Address, type Chain, createPublicClient, type Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { appOrigins } from '../config/appOrigin'
import { type ServerEnv, serverEnv } from '../config/env'
import { createTtlCache, type TtlCache } from '../core/chainState/ttlCache'
import { chains } from '../core/chains/chains'
import { defaultLockTag } from '../core/locks/defaultLockTag'
import { decodeBalances, encodeBalances } from '../core/portfolio/balancesCodec'
import type { ChainBalances, ChainReader } from '../core/portfolio/readBalances'
import { defaultFeeModel, type FeeModel } from '../core/route/feeModel'
import type { MarketData, RouteState } from '../core/route/state/readRouteState'
import { chainTransport } from '../rpc/chainTransport'
import { redisConnection } from '../storage/redisConnection'
import { sharedTtlCache } from '../storage/sharedTtlCache'
import { browserKeyHash, type KeyHash, parseKeyHashes } from './apiKeys'
import { type TrustedProxies, trustedProxies } from './clientAddress'
import { logger } from './logger'
import { createRateLimiter, type RateLimiter, type RateLimitStore } from './rateLimiter'

export type ServerContext = {
  readers: ChainReader[]
  apiKeys: KeyHash[]
  browserKey: string | undefined
  lockTags: Hex[]
  priceMaxAgeSeconds: number
  /** A sponsor whose failed intents left the filler more gas than this unpaid gets no new route. */
  unpaidGasBudgetWei: bigint
  /** Signs every route; its address is public (GET /api/v1/signer), its key never leaves this object. */
  signer: PrivateKeyAccount
  feeModel: FeeModel
  routeTtlSeconds: number
  /** Whose inventory is the liquidity intents can be filled from (unset: no filler here). */
  fillerAddress: Address | undefined
  rateLimiter: RateLimiter
  defaultRate: string
  browserRateTotal: string
  browserRateClient: string
  authFailureRate: string
  trustedProxies: TrustedProxies
  /** Where users open the app: what a sign-in message must name (APP_ORIGIN, else from HOST/PORT). */
  appOrigins: string[]
  /** The largest request a route may be stored with (bytes of its JSON). */
  storedRequestMaxBytes: number
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
  const env = serverEnv()
  const rateLimitStore = chooseRateLimitStore(env)
  const balances = balanceCache(env)
  logger.info(
    {
      rateLimitStore: rateLimitStore.kind,
      balanceCache: balances.store,
      chains: chains.filter((c) => env[`RPC_URL_${c.id}`]).map((c) => c.id),
    },
    'server context ready',
  )
  const readers = chains.flatMap((c) => {
    const urls = env[`RPC_URL_${c.id}`]
    if (!urls) return []
    const client = createPublicClient({
      chain: c.viem as Chain,
      transport: chainTransport(urls, { timeout: env.RPC_TIMEOUT_MS }),
    })
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
    unpaidGasBudgetWei: env.SPONSOR_UNPAID_GAS_BUDGET_WEI,
    signer: privateKeyToAccount(env.SIGNER_PRIVATE_KEY as Hex),
    feeModel: defaultFeeModel(env.PROTOCOL_FEE_BPS),
    routeTtlSeconds: env.ROUTE_TTL_SECONDS,
    fillerAddress: env.FILLER_ADDRESS as Address | undefined,
    rateLimiter: createRateLimiter(
      rateLimitStore,
      throttled(60_000, (error) =>
        logger.warn(
          { store: rateLimitStore.kind, error: error instanceof Error ? error.message : String(error) },
          'rate limit store failed; this instance counts alone',
        ),
      ),
    ),
    defaultRate: env.RATE_LIMIT_DEFAULT,
    browserRateTotal: env.BROWSER_RATE_LIMIT_TOTAL,
    browserRateClient: env.BROWSER_RATE_LIMIT_CLIENT,
    authFailureRate: env.AUTH_FAILURE_LIMIT,
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
    appOrigins: appOrigins(env),
    storedRequestMaxBytes: 64 * 1024,
    caches: {
      balances: balances.cache,
      balanceMaxAgeMs: env.BALANCE_CACHE_MS,
      market: createTtlCache<MarketData>(),
      marketMaxAgeMs: env.MARKET_CACHE_MS,
      routeState: createTtlCache<RouteState>(),
    },
  }
}

function chooseRateLimitStore(env: ServerEnv): RateLimitStore {
  const kind =
    env.RATE_LIMIT_STORE === 'auto'
      ? env.REDIS_URL
        ? 'redis'
        : env.DATABASE_URL
          ? 'postgres'
          : 'memory'
      : env.RATE_LIMIT_STORE
  if (kind === 'redis') {
    if (!env.REDIS_URL) throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL')
    return { kind, url: env.REDIS_URL }
  }
  if (kind === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('RATE_LIMIT_STORE=postgres needs DATABASE_URL')
    return { kind, url: env.DATABASE_URL }
  }
  // Several server processes on one port (serve.mjs): their primary keeps the in-memory counts.
  return { kind: process.env.SERVE_CLUSTER === '1' ? 'cluster' : 'memory' }
}

/** Calls `fn` at most once per `ms` (a failing store must not flood the log). */
/** The balances reused between requests: in this process's memory, or shared with every process
 * through Redis (BALANCE_CACHE_STORE; auto = Redis when REDIS_URL is set). */
function balanceCache(env: ServerEnv): { store: 'memory' | 'redis'; cache: TtlCache<ChainBalances> } {
  const local = createTtlCache<ChainBalances>()
  const store = env.BALANCE_CACHE_STORE === 'auto' ? (env.REDIS_URL ? 'redis' : 'memory') : env.BALANCE_CACHE_STORE
  if (store === 'memory') return { store, cache: local }
  if (!env.REDIS_URL) throw new Error('BALANCE_CACHE_STORE=redis needs REDIS_URL')
  const cache = sharedTtlCache({
    local,
    redis: redisConnection(env.REDIS_URL),
    notices: redisConnection(env.REDIS_URL),
    prefix: 'balances:v1',
    codec: { encode: encodeBalances, decode: decodeBalances },
    onError: throttled(60_000, (error) =>
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'shared balance cache failed; this process reads alone',
      ),
    ),
  })
  return { store, cache }
}

function throttled(ms: number, fn: (error: unknown) => void): (error: unknown) => void {
  let last = -Infinity
  return (error) => {
    if (Date.now() - last < ms) return
    last = Date.now()
    fn(error)
  }
}
