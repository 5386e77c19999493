// The system under test: a fresh devnet on free ports, a fresh database (a Postgres database of
// its own when TEST_DATABASE_URL is set, else PGlite served on loopback), and the production build
// of the app (serve.mjs, the custom server) pointed at both, with a test key issued through the key store.
// Used by vitest, Playwright and the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { scopes } from '../../lib/config/scopes'
import { freePort } from '../../lib/devnet/anvil'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { devnetAttesterEnv, devnetFillerEnv } from '../../lib/devnet/fillerEnv'
import { type Devnet, startDevnet } from '../../lib/devnet/startDevnet'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { hostPglite } from '../../lib/storage/hostPglite'
import { openDatabase } from '../../lib/storage/openDatabase'
import { type FillerProcess, spawnAttester, spawnFiller, type WorkerProcess } from '../../lib/worker/spawnFiller'
import { postgresDatabase, postgresUrl } from './testDatabases'

export type Stack = {
  baseUrl: string
  /** The app's primary process id (its server processes are its children; for memory readings). */
  appPid: number
  apiKey: string
  browserKey: string
  /** The app's signing key, so a test can prove it never reaches the logs. */
  signerKey: string
  /** Everything the app printed (stdout and stderr), as it printed it. */
  logFile: string
  databaseUrl: string
  devnet: Devnet
  /** The filler processes (one per key, `fillers` of them): stop them (e.g. to test a restart) and
   * start them again (resolves when all are ready), with `env` over their devnet environment if given. */
  filler: { stop: () => Promise<void>; start: (env?: Record<string, string>) => Promise<void> }
  /** The attester process (signs what it sees of destination fills): stop it to test an outage. */
  attester: { stop: () => Promise<void>; start: () => Promise<void> }
  logs: () => string
  stop: () => Promise<void>
}

const root = join(import.meta.dirname, '..', '..')

/** `env`: the app's environment over the devnet's; `fillers`: filler processes, each with its own
 * devnet key, sharing the database (1 unless given). */
export async function startStack(options: { env?: Record<string, string>; fillers?: 1 | 2 } = {}): Promise<Stack> {
  const distDir = process.env.NEXT_DIST_DIR || '.next'
  if (!existsSync(join(root, distDir, 'BUILD_ID'))) {
    throw new Error(
      `No production build of the app in ${distDir}/: run \`npx next ` +
        `build\` (npm test does this) before the integration suites.`,
    )
  }
  const [devnet, db] = await Promise.all([startDevnet(), testDatabase()])
  const sql = await openDatabase({ url: db.url })
  const { key: apiKey } = await createApiKey(sql, { name: 'test suite', scopes })
  await sql.close()
  const appEnv = devnetAppEnv(devnet.rpcUrls, db.url)
  let app: AppInstance
  try {
    // PGlite's socket serves one session: rate limits are counted in memory there (see dev.ts).
    app = await startApp({ ...appEnv, ...(postgresUrl ? {} : { RATE_LIMIT_STORE: 'memory' }), ...options.env })
  } catch (error) {
    await devnet.stop()
    await db.stop()
    throw error
  }
  let fillers: FillerProcess[] = []
  let fillerOutput = ''
  const startFiller = async (env: Record<string, string> = {}) => {
    fillers = Array.from({ length: options.fillers ?? 1 }, (_, keyIndex) =>
      spawnFiller({ ...devnetFillerEnv(devnet.rpcUrls, db.url, keyIndex), ...env }, (chunk) => {
        fillerOutput += chunk.toString()
      }),
    )
    await Promise.all(fillers.map((f) => f.ready))
  }
  let attester: WorkerProcess | undefined
  const startAttester = () => {
    attester = spawnAttester(devnetAttesterEnv(devnet.rpcUrls, db.url), (chunk) => (fillerOutput += chunk.toString()))
    return attester.ready
  }
  const stopAttester = async () => {
    await attester?.stop()
    attester = undefined
  }
  try {
    // Its first approvals mine blocks on every chain: suites start once they are done.
    await Promise.all([startFiller(), startAttester()])
  } catch (error) {
    await stopAttester()
    await app.stop()
    await devnet.stop()
    await db.stop()
    throw error
  }
  const stopFiller = async () => {
    await Promise.all(fillers.map((f) => f.stop()))
    fillers = []
  }
  const stop = async () => {
    await stopFiller()
    await stopAttester()
    await app.stop()
    await devnet.stop()
    await db.stop()
  }
  return {
    baseUrl: app.baseUrl,
    appPid: app.pid,
    apiKey,
    browserKey: appEnv.BROWSER_API_KEY!,
    signerKey: appEnv.SIGNER_PRIVATE_KEY!,
    logFile: app.logFile,
    databaseUrl: db.url,
    devnet,
    filler: { stop: stopFiller, start: startFiller },
    attester: { stop: stopAttester, start: startAttester },
    // The app's output, then the filler's: the secrets scan reads both.
    logs: () => `${app.logs()}\n${fillerOutput}`,
    stop,
  }
}

export type AppInstance = {
  baseUrl: string
  pid: number
  logFile: string
  logs: () => string
  stop: () => Promise<void>
}

/** One instance of the production build (serve.mjs) with this environment, on a free port. */
export async function startApp(env: Record<string, string>): Promise<AppInstance> {
  const port = await freePort()
  let output = ''
  const logFile = join(mkdtempSync(join(tmpdir(), 'ir-app-log-')), 'app.log')
  const log = createWriteStream(logFile)
  // As production runs it: serve.mjs, WEB_CONCURRENCY server processes on one port.
  const app: ChildProcess = spawn(
    process.execPath,
    [join(root, 'serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: root,
      // The suites send thousands of requests with one key: its default budget must not be what they
      // test. They change chain state and read it back at once, so caches are off unless asked for.
      env: {
        ...process.env,
        RATE_LIMIT_DEFAULT: '1000000/min',
        BROWSER_RATE_LIMIT_TOTAL: '1000000/min',
        BROWSER_RATE_LIMIT_CLIENT: '1000000/min',
        AUTH_FAILURE_LIMIT: '1000000/min',
        BALANCE_CACHE_MS: '0',
        MARKET_CACHE_MS: '0',
        // Sign-in messages must name where it listens (APP_ORIGIN's default comes from these).
        HOST: '127.0.0.1',
        PORT: String(port),
        // Several server processes need a real Postgres: the embedded PGlite runs every connection in
        // one session (see lib/devnet/dev.ts).
        WEB_CONCURRENCY: postgresUrl ? String(availableParallelism()) : '1',
        ...env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const capture = (c: Buffer) => {
    output += c.toString()
    log.write(c)
  }
  app.stdout!.on('data', capture)
  app.stderr!.on('data', capture)
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) {
      // 'close': exited and its output read to the end (a server process writes its last log
      // lines as it exits, and 'exit' can come before they are read); at most 5 s after 'exit'.
      await new Promise<void>((resolve) => {
        app.once('close', () => resolve())
        app.once('exit', () => setTimeout(resolve, 5_000).unref())
        app.kill('SIGTERM')
        setTimeout(() => app.kill('SIGKILL'), 3_000).unref()
      })
    }
    await new Promise<void>((resolve) => log.end(() => resolve()))
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${baseUrl}/`, app, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, pid: app.pid!, logFile, logs: () => output, stop }
}

async function waitForHttp(url: string, app: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode}:\n${logs()}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the app did not answer ${url} within 60 s:\n${logs()}`)
}

async function testDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (postgresUrl) {
    const database = await postgresDatabase(postgresUrl)
    return { url: (database.config as { url: string }).url, stop: database.dispose }
  }
  const dir = mkdtempSync(join(tmpdir(), 'ir-stack-'))
  const host = await hostPglite({ dir })
  return {
    url: host.url,
    stop: async () => {
      await host.stop()
      rmSync(dir, { recursive: true, force: true })
      rmSync(host.socketDir, { recursive: true, force: true })
    },
  }
}
