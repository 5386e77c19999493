// `npm run dev`: the devnet (unless RPC URLs are configured), the database, the filler and the
// app's production build (built first when missing or stale), stopped together on exit or Ctrl-C.
// `npm run dev:watch` serves the Next.js dev server instead (hot reload, for contributors).
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { formatUnits } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { configuredRpcVars, devEnvSchema, readEnv } from '../config/env'
import { generateApiKey } from '../config/keyHash'
import { openDatabase } from '../storage/openDatabase'
import { spawnAttester, spawnFiller } from '../worker/spawnFiller'
import { devnetAppEnv } from './appEnv'
import { demoSeeds } from './demoAccount'
import { ensureDemoApiKey } from './demoApiKey'
import { demoKeyLine } from './demoKeyLine'
import { devDatabase } from './devDatabase'
import { devnetChain } from './devnetClient'
import { devnetAttesterEnv, devnetFillerEnv } from './fillerEnv'
import { assertDevPortsFree } from './ports'
import { ensureProductionBuild } from './productionBuild'
import { type Devnet, startDevnet } from './startDevnet'

async function main() {
  const {
    PORT,
    HOST,
    DEVNET_BASE_PORT,
    DATABASE_URL,
    PGLITE_DATA_DIR,
    FILLER_PRIVATE_KEY,
    DEVNET_FILLERS,
    ATTESTER_PRIVATE_KEY,
  } = readEnv(devEnvSchema)
  const watch = process.argv.includes('--watch')
  const realChains = configuredRpcVars()
  if (!DATABASE_URL && process.env.RATE_LIMIT_STORE === 'postgres') {
    throw new Error(
      'RATE_LIMIT_STORE=postgres needs DATABASE_URL (a real Postgres): the embedded database runs every connection ' +
        'in one session, where one process’s rate-limit statements would collide with another’s. Leave it unset ' +
        '(memory, shared by the server processes through their primary) or set REDIS_URL.',
    )
  }
  // Before the build: a taken port should not cost a first run's minutes of building.
  await assertDevPortsFree({
    app: { port: PORT, host: HOST },
    ...(realChains.length === 0 ? { devnetBasePort: DEVNET_BASE_PORT } : {}),
  })
  if (!watch) await ensureProductionBuild()
  const env: NodeJS.ProcessEnv = { ...process.env }
  const lines: string[] = []
  const started = performance.now()

  const stoppers: (() => Promise<void>)[] = []
  const [devnet, db] = await Promise.all([
    realChains.length === 0
      ? startDevnet({ basePort: DEVNET_BASE_PORT })
      : Promise.resolve(undefined as Devnet | undefined),
    devDatabase({ databaseUrl: DATABASE_URL, pgliteDir: resolve(PGLITE_DATA_DIR) }),
  ])
  if (devnet) stoppers.push(devnet.stop)
  stoppers.push(db.stop)

  const sql = await openDatabase({ url: db.url })
  const key = await ensureDemoApiKey(sql, join(process.cwd(), '.devnet'))
  await sql.close()

  if (devnet) {
    // What the operator set wins over the devnet's defaults.
    for (const [name, value] of Object.entries(devnetAppEnv(devnet.rpcUrls, db.url))) env[name] ??= value
    const nodes = devnet.nodes.map((n) => `${devnetChain(n.chainId).name} (${n.chainId}) ${n.url}`)
    lines.push(
      `Devnet ready in ${Math.round(performance.now() - started)} ms: ${nodes.join(', ')}`,
      `Demo account:  ${devnet.demoAddress}`,
      ...demoSeeds.map((s) => {
        const amount = formatUnits(s.amount, s.decimals).padStart(8)
        const locked = s.locked ? ' (locked in The Compact)' : ''
        return `  ${devnetChain(s.chainId).name.padEnd(13)} ${amount} ${s.symbol}${locked}`
      }),
    )
  } else {
    env.DATABASE_URL ??= db.url
    lines.push(`Real chains from ${realChains.join(', ')}; no devnet started.`)
  }
  // The embedded database serves every connection from one session: it cannot hold the rate
  // limiter's prepared statements for several connections. The server processes share their
  // counts through their primary instead (serve.mjs).
  if (db.embedded) env.RATE_LIMIT_STORE ??= 'memory'
  // Server processes: one per core (WEB_CONCURRENCY) with either database. The embedded one's socket
  // keeps each connection's query batch and transaction together (lib/storage/pgliteBatches.ts), so
  // several processes share it as they share Postgres.
  // Keys the app needs that nobody configured: fresh for this start, never printed.
  env.SIGNER_PRIVATE_KEY ??= generatePrivateKey()
  env.BROWSER_API_KEY ??= generateApiKey('ir_browser')
  // Where it listens is where sign-in messages must point (APP_ORIGIN's default).
  env.HOST = HOST
  env.PORT = String(PORT)
  const appHost = HOST === '0.0.0.0' || HOST === '::' ? 'localhost' : HOST
  const serving = watch
    ? '   (next dev: hot reload)'
    : `   (production build, ${env.WEB_CONCURRENCY ?? availableParallelism()} server process(es): WEB_CONCURRENCY)`
  lines.unshift(`App:           http://${appHost}:${PORT}${serving}`)
  const database = db.embedded
    ? `PGlite in ${PGLITE_DATA_DIR} ` +
      `(served on the Unix socket in ${new URL(db.url).searchParams.get('host')} while dev runs)`
    : 'DATABASE_URL'
  lines.push(`Database:      ${database}`)
  // The whole key only to a terminal on the devnet; a redirected log gets the file's path (demoKeyLine.ts).
  const terminal = process.stdout.isTTY === true
  lines.push(demoKeyLine({ key, file: '.devnet/demo-api-key', terminal, realChains: realChains.length > 0 }))

  // The filler settles submitted intents; on real chains it runs only when given its own key. On the
  // devnet DEVNET_FILLERS processes share the work, each with its own devnet key.
  const fillerEnvs: Record<string, string>[] = devnet
    ? Array.from({ length: DEVNET_FILLERS }, (_, i) => ({
        ...devnetFillerEnv(devnet.rpcUrls, db.url, i),
        ...(i === 0 && FILLER_PRIVATE_KEY ? { FILLER_PRIVATE_KEY } : {}),
      }))
    : FILLER_PRIVATE_KEY
      ? [{ DATABASE_URL: db.url, FILLER_PRIVATE_KEY }]
      : []
  for (const fillerEnv of fillerEnvs) {
    const filler = spawnFiller(fillerEnv, (chunk) => process.stdout.write(chunk))
    stoppers.push(filler.stop)
  }
  if (fillerEnvs.length > 0) {
    const count = fillerEnvs.length === 1 ? 'its own key' : `${fillerEnvs.length} processes, each its own key`
    lines.push(`Filler:        settles submitted intents (lib/filler), ${count} and inventory`)
  } else {
    lines.push(`Filler:        not started (set FILLER_PRIVATE_KEY to settle intents on real chains)`)
  }
  // The attester signs what it sees of destination fills; the arbiters pay the filler only against it.
  const attesterEnv: Record<string, string> | undefined = devnet
    ? { ...devnetAttesterEnv(devnet.rpcUrls, db.url), ...(ATTESTER_PRIVATE_KEY ? { ATTESTER_PRIVATE_KEY } : {}) }
    : ATTESTER_PRIVATE_KEY
      ? { DATABASE_URL: db.url, ATTESTER_PRIVATE_KEY }
      : undefined
  if (attesterEnv) {
    const attester = spawnAttester(attesterEnv, (chunk) => process.stdout.write(chunk))
    stoppers.push(attester.stop)
    lines.push(`Attester:      attests destination fills (lib/attester), its own key`)
  } else {
    lines.push(`Attester:      not started (set ATTESTER_PRIVATE_KEY to attest fills on real chains)`)
  }

  // Production: serve.mjs runs WEB_CONCURRENCY `next start` processes on the one port (default: one per core).
  const command = watch ? [join('node_modules', 'next', 'dist', 'bin', 'next'), 'dev'] : ['serve.mjs']
  const next = spawn(process.execPath, [...command, '--port', String(PORT), '--hostname', HOST], {
    env: { ...env, NODE_ENV: watch ? 'development' : 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  console.log(['', ...lines, ''].join('\n'))

  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    if (next.exitCode === null) next.kill('SIGTERM')
    for (const s of stoppers.reverse()) await s().catch(() => {})
    process.exit(code)
  }
  next.once('exit', (code) => void stop(code ?? 0))
  process.once('SIGINT', () => void stop(130))
  process.once('SIGTERM', () => void stop(143))
  // npm does not forward SIGTERM to scripts: when our parent goes away, so do we (and our nodes).
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && void stop(143), 500).unref()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
