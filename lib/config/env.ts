// The one place that reads process.env. Each schema validates its variables with zod and fails
// with an error that names every bad variable.
import { z } from 'zod'
import { type ChainId, chainIds } from '../core/chains/chains'

const urlList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^(https?|wss?)$/ })).min(1, 'at least one URL'))

/** Comma-separated http(s) origins (`https://app.example.org`); each kept as its origin. */
const originList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)).min(1, 'at least one origin'))

const rateSpec = z
  .string()
  .regex(/^\d{1,9}\/(s|sec|second|min|minute|h|hour|day)$/, 'write it as N/s, N/min, N/hour or N/day')

/** Comma-separated IPs or CIDRs (`10.0.0.0/8, ::1`). */
const addressList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
        error: 'each entry must be an IP address or CIDR (10.0.0.0/8)',
      }),
    ),
  )

/** How long stored routes (and finished intents) are kept. */
const retentionDays = z.coerce.number().int().min(1).max(3_650).default(30)

const hexList = (bytes: number, what: string) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`), `each entry must be ${what}`)).min(1))

/** RPC_URL_<chainId>: comma-separated endpoints for that chain, tried in order (fallback). */
const rpcVars = Object.fromEntries(chainIds.map((id) => [`RPC_URL_${id}`, urlList.optional()])) as {
  [K in `RPC_URL_${ChainId}`]: z.ZodOptional<typeof urlList>
}

export const serverEnvSchema = z
  .object({
    ...rpcVars,
    /** Optional static keys: comma-separated `label:sha256hex` pairs (all scopes). Keys are normally issued with `npm
     * run keys`. */
    API_KEY_SHA256: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[\w.-]+:[0-9a-f]{64}$/, 'each entry must be label:<64 lowercase hex sha256>')))
      .default([]),
    /** A real Postgres (postgres://…). Without it the app keeps its data in PGlite under PGLITE_DATA_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
    /** Shares rate limits between instances when set (else through DATABASE_URL, else kept in memory). */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Where rate limits are counted: auto = Redis if REDIS_URL, else Postgres if DATABASE_URL, else memory. */
    RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'postgres', 'redis']).default('auto'),
    /** All use of the browser key together, whatever client addresses the requests claim. */
    BROWSER_RATE_LIMIT_TOTAL: rateSpec.default('3000/min'),
    /** Each client address's budget on the browser key (clients are told apart by TRUSTED_PROXIES, below). */
    BROWSER_RATE_LIMIT_CLIENT: rateSpec.default('300/min'),
    /** Failed authentications (unknown key, bad sign-in) per client address before it is refused for a while. */
    AUTH_FAILURE_LIMIT: rateSpec.default('30/min'),
    /** The proxies whose X-Forwarded-For is believed (IPs or CIDRs). Unset: the header is ignored and the socket's peer
     * is the client. */
    TRUSTED_PROXIES: addressList.default([]),
    /** Stored routes older than this (and finished intents) are deleted by the filler's cleanup. */
    ROUTE_RETENTION_DAYS: retentionDays,
    /** The rate limit of keys issued without one (`npm run keys -- create … --rate`). */
    RATE_LIMIT_DEFAULT: rateSpec.default('600/min'),
    /** The key the app's own pages use (handed over at render time; same-origin requests only). */
    BROWSER_API_KEY: z.string().min(24, 'at least 24 characters').optional(),
    LOCK_TAGS: hexList(12, 'a 0x-prefixed bytes12 lock tag').optional(),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** The origin(s) users open the app at; Sign-In with Ethereum messages must name one (domain and uri). Default:
     * from HOST and PORT. */
    APP_ORIGIN: originList.optional(),
    /** Where the app listens (set by `npm run dev` and the test stack): the default APP_ORIGIN. */
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The key that signs every route (serverSignature). Its address is published at /api/v1/signer. */
    SIGNER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key'),
    /** The filler's public address: its inventory on a chain is the liquidity POST /intents/split reports. */
    FILLER_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed address')
      .optional(),
    /** Protocol fee on the amount a route delivers, in basis points. */
    PROTOCOL_FEE_BPS: z.coerce.number().int().min(0).max(1_000).default(3),
    /** How long a route stays signable. */
    ROUTE_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
    /** A chain's balances are reused for at most this long, and never past one block time of the chain (0: off). */
    BALANCE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Where reused balances are kept: auto = shared through Redis if REDIS_URL (every process and instance
     * reuses what one read), else each process's memory. */
    BALANCE_CACHE_STORE: z.enum(['auto', 'memory', 'redis']).default('auto'),
    /** Gas prices, OP-stack L1 fee parameters and USD prices are reused for at most this long (0: off). */
    MARKET_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    /** A feed answer older than this (by the chain's clock) is refused. Chainlink's USD feeds beat at most daily. */
    PRICE_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(90_000),
    /** New routes are refused for a sponsor whose failed intents left the filler this much gas unpaid (wei). */
    SPONSOR_UNPAID_GAS_BUDGET_WEI: z.coerce
      .bigint()
      .min(0n)
      .default(10n ** 16n),
  })
  .refine((env) => chainIds.some((id) => env[`RPC_URL_${id}`]), {
    message: `set at least one of ${chainIds.map((id) => `RPC_URL_${id}`).join(', ')}`,
    path: ['RPC_URL_*'],
  })

export type ServerEnv = z.infer<typeof serverEnvSchema>

/** The filler (lib/filler): the chains it settles on, the database it takes intents from, its own key. */
const confirmationVars = Object.fromEntries(
  chainIds.map((id) => [`FILLER_CONFIRMATIONS_${id}`, z.coerce.number().int().min(0).max(1_000).optional()]),
) as {
  [K in `FILLER_CONFIRMATIONS_${ChainId}`]: z.ZodOptional<z.ZodCoercedNumber>
}

export const fillerEnvSchema = z
  .object({
    ...rpcVars,
    ...confirmationVars,
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    /** The filler's own account: it claims, fills from its inventory and pays gas. Never the route signer's key. */
    FILLER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key'),
    /** How often it looks for submitted intents and stored attestations (it also looks whenever a settlement task
     * ends). */
    FILLER_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(100),
    /** Intents settled at once (their transactions are signed in one batch at a time per chain). */
    FILLER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
    /** Blocks a step's receipt must be buried under before the next step starts (per chain:
     * FILLER_CONFIRMATIONS_<chainId>). */
    FILLER_CONFIRMATIONS: z.coerce.number().int().min(0).max(1_000).default(0),
    /** The attester's depth (the same variable as the attester's): with the filler's own, how long a
     * fill waits for its payout; a fill that could no longer be paid in time is not sent. */
    ATTESTER_CONFIRMATIONS: z.coerce.number().int().min(0).max(1_000).default(0),
    /** Stored routes older than this (and finished intents) are deleted, hourly. */
    ROUTE_RETENTION_DAYS: retentionDays,
  })
  .refine((env) => chainIds.some((id) => env[`RPC_URL_${id}`]), {
    message: `set at least one of ${chainIds.map((id) => `RPC_URL_${id}`).join(', ')}`,
    path: ['RPC_URL_*'],
  })

export const attesterEnvSchema = z
  .object({
    ...rpcVars,
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    /** The attester's own key: it signs what it saw in destination fills. Never the filler's or the route signer's. */
    ATTESTER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key'),
    /** Blocks a fill must be buried under before it is attested. */
    ATTESTER_CONFIRMATIONS: z.coerce.number().int().min(0).max(1_000).default(0),
    /** How often it reads new blocks. */
    ATTESTER_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(100),
    /** Devnet only: the key of the relay standing in for LayerZero, which delivers the OFT
     * adapters' packets (lib/attester/relayOft.ts); unset on real chains, where LayerZero does. */
    OFT_RELAY_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
      .optional(),
  })
  .refine((env) => chainIds.some((id) => env[`RPC_URL_${id}`]), {
    message: `set at least one of ${chainIds.map((id) => `RPC_URL_${id}`).join(', ')}`,
    path: ['RPC_URL_*'],
  })

export const devEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The interface the app listens on: loopback unless you choose otherwise (0.0.0.0 exposes it). */
  HOST: z.string().min(1).default('127.0.0.1'),
  DEVNET_BASE_PORT: z.coerce.number().int().min(1).max(65531).default(8545),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  /** The filler's key; on the devnet a devnet-only key is used when unset. */
  FILLER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .optional(),
  /** Filler processes started on the devnet, the n-th sending from the n-th devnet filler key (anvil
   * indexes 2 and 5; FILLER_PRIVATE_KEY, when set, replaces the first). */
  DEVNET_FILLERS: z.coerce.number().int().min(1).max(2).default(1),
  /** The attester's key; on the devnet a devnet-only key is used when unset. */
  ATTESTER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .optional(),
})

/** EXPLORER_URL_<chainId>: where the dashboard links a transaction on that chain (`<url>/tx/<hash>`),
 * or `builtin` for the app's own /tx view. */
const explorerVars = Object.fromEntries(
  chainIds.map((id) => [
    `EXPLORER_URL_${id}`,
    z
      .union([z.literal('builtin'), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or builtin' })])
      .optional(),
  ]),
) as { [K in `EXPLORER_URL_${ChainId}`]: z.ZodOptional<z.ZodUnion<[z.ZodLiteral<'builtin'>, z.ZodURL]>> }

/**
 * What the dashboard may hand the browser. DEMO_WALLET_RPC_URLS (`1=http://127.0.0.1:8545,10=…`) names
 * the devnet node of each chain that signs for the demo account; unset on real chains (no demo wallet).
 */
export const dashboardEnvSchema = z.object({
  ...explorerVars,
  DEMO_WALLET_RPC_URLS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}=https?:\/\/\S+$/, 'each entry must be chainId=http(s) URL')
            .transform((entry) => {
              const at = entry.indexOf('=')
              return [Number(entry.slice(0, at)), entry.slice(at + 1)] as const
            })
            .refine(([id]) => chainIds.includes(id as ChainId), 'each chain id must be a supported chain')
            .refine(([, url]) => URL.canParse(url), 'each URL must be a valid URL'),
        )
        .min(1),
    )
    .transform((entries) => Object.fromEntries(entries) as Partial<Record<ChainId, string>>)
    .optional(),
})

export type DashboardEnv = z.infer<typeof dashboardEnvSchema>

/**
 * DEMO_WALLET_AUTHORIZATION_KEY: the devnet demo account's key (anvil's published mnemonic, index 1),
 * with which the app signs that account's EIP-7702 authorizations to the Nexus implementation for the
 * demo wallet (a node cannot sign an authorization). Set only on the devnet; unset, there is no such signer.
 */
export const demoSignerEnvSchema = z.object({
  DEMO_WALLET_AUTHORIZATION_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .optional(),
})

/** Tools that open the database outside the app (`npm run keys`). */
export const storageEnvSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
})

export class EnvError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    super(`Invalid environment:\n${issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** The log level every process logs at (LOG_LEVEL), and how long the app's lines may wait in its
 * buffer before they are written (LOG_FLUSH_MS; a server process stopped with SIGTERM writes them
 * first). */
export const logEnvSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FLUSH_MS: z.coerce.number().int().min(1).max(600_000).default(50),
})

let server: ServerEnv | undefined
/** The app server's environment, read and validated once per process. */
export function serverEnv(): ServerEnv {
  server ??= readEnv(serverEnvSchema)
  return server
}

export function readEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(source)
  if (!parsed.success) throw new EnvError(parsed.error.issues)
  return parsed.data
}

/** The RPC variables that are set, for tools that decide between the devnet and real chains. */
export function configuredRpcVars(source: Record<string, string | undefined> = process.env): string[] {
  return chainIds.map((id) => `RPC_URL_${id}`).filter((k) => source[k]?.trim())
}
