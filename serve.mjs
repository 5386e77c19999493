// The app's server (`npm start`, `npm run dev`): Next's production build behind our own
// http.createServer, the custom-server pattern Next documents (`next({ ... }).getRequestHandler()`).
// Each request, in order:
//   1. its socket's peer address is stamped on it (lib/server/peerHeader.ts);
//   2. the request guard answers what Next would answer in HTML or get wrong (requestGuard.mjs);
//   3. an API operation (`/api/v1`, exact method and path) goes straight to its handler — the very
//      function its route file under app/api/v1 exports, loaded from the build at start-up, with
//      the operation it serves attached (handle.ts) — without Next's request pipeline, which costs
//      more CPU per request than a portfolio's chain reads;
//   4. everything else (pages, HEAD, 405s, preflights, other /api paths) is Next's.
// Route files stay the handlers: `next start` and `next dev` serve the same API through Next alone,
// with the same answers (tests/integration/customServer.test.ts runs both side by side).
//
// WEB_CONCURRENCY server processes (node:cluster) share the port, so every core serves requests
// (one process when the database is the embedded one opened in-process, without DATABASE_URL).
// With several the primary hands out connections (round robin) and keeps the rate limits every
// process shares (rate-limiter-flexible's cluster master, when no Redis or Postgres store is
// configured). With one neither hop is needed: it accepts on the shared socket itself and counts
// its limits in its own memory. A process that dies is replaced; one that fails before it listens
// stops all. Options: --port/-p (else PORT, else 3000), --hostname/-H (else every interface).
import cluster from 'node:cluster'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { RateLimiterClusterMaster } from 'rate-limiter-flexible'
import { answerClientError, guardRequest } from './lib/server/requestGuard.mjs'

const root = dirname(fileURLToPath(import.meta.url))
/** lib/server/peerHeader.ts reads it; only this server sets it (SERVE_STAMPS_PEER). */
const PEER_HEADER = 'x-intent-router-peer'
/** How long a stopping server process waits for its open requests; the primary kills it after 5 s. */
const STOP_GRACE_MS = 4_000

const listen = readOptions()
if (cluster.isPrimary) primary()
else await serve()

function readOptions() {
  try {
    const { values } = parseArgs({
      options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
    })
    const port = Number(values.port ?? process.env.PORT ?? 3000)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${values.port} is no port`)
    return { port, hostname: values.hostname }
  } catch (error) {
    console.error(`serve.mjs: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  }
}

function primary() {
  // Without DATABASE_URL each server process opens the embedded PGlite folder itself, in its own
  // memory, and the folder's lock (storage/folderLock.ts) lets only one process have it: the others
  // would answer every request with a 503. One process then; several need a shared database
  // (DATABASE_URL: Postgres, or the socket `npm run dev` serves the embedded one on).
  const embedded = !process.env.DATABASE_URL?.trim()
  const raw = process.env.WEB_CONCURRENCY ?? (embedded ? '1' : String(availableParallelism()))
  const workers = Number(raw)
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 256 (got ${raw})`)
    process.exit(2)
  }
  if (embedded && workers > 1) {
    console.error(
      `WEB_CONCURRENCY=${workers} needs DATABASE_URL: without it every server process would open the embedded ` +
        'database folder on its own, and only one of them can hold it. Set DATABASE_URL (Postgres), or run ' +
        '`npm run dev`, which serves the embedded database to every process.',
    )
    process.exit(2)
  }
  // One process: no connection hand-off through the primary (an extra IPC message per connection).
  if (workers === 1) cluster.schedulingPolicy = cluster.SCHED_NONE
  else new RateLimiterClusterMaster()
  // The processes know the primary keeps the shared in-memory rate limits (lib/server/context.ts).
  const env = workers > 1 ? { SERVE_CLUSTER: '1' } : {}

  let stopping = false
  const listening = new Set()
  const fork = () => cluster.fork(env)
  cluster.on('listening', (worker) => listening.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker.id)
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit()
      return
    }
    if (!served) {
      console.error(`a server process exited before it listened (code ${code ?? signal}); stopping`)
      return stop(code || 1)
    }
    console.error(`server process ${worker.process.pid} exited (code ${code ?? signal}); starting another`)
    fork()
  })
  for (let i = 0; i < workers; i++) fork()

  function stop(code) {
    if (stopping) return
    stopping = true
    process.exitCode = code
    const running = Object.values(cluster.workers ?? {})
    if (running.length === 0) process.exit(code)
    for (const w of running) w?.process.kill('SIGTERM')
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL')
      process.exit(code)
    }, 5_000).unref()
  }
  process.once('SIGTERM', () => stop(0))
  process.once('SIGINT', () => stop(0))
}

async function serve() {
  // As `next start` does, before Next and React are loaded (they pick their builds by it).
  process.env.NODE_ENV ??= 'production'
  process.env.SERVE_STAMPS_PEER = '1'
  const { default: next } = await import('next')
  const { port, hostname } = listen
  const app = next({ dev: false, dir: root, hostname: hostname ?? 'localhost', port })
  await app.prepare()
  const nextHandler = app.getRequestHandler()
  const operations = await loadOperations()
  const server = createServer((request, response) => {
    request.headers[PEER_HEADER] = request.socket.remoteAddress ?? ''
    if (guardRequest(request, response) || answerOperation(operations, request, response)) return
    nextHandler(request, response).catch((error) => {
      console.error('next could not answer a request', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  server.on('clientError', answerClientError)
  server.listen(port, hostname)
  // Stopped (by the primary, or a container runtime): no new connections, the requests under way
  // answered, then a normal exit, on which the logger writes the lines still in its buffer. A
  // stream that stays open (an intent's events) is not waited for longer than STOP_GRACE_MS.
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref()
  })
}

/**
 * The API's operations by method: each /api/v1 route module of the build (app-paths-manifest.json
 * names them), required as Next requires it — one module instance, so the same handlers and module
 * state whichever of us calls them — and every handler it exports that carries its operation
 * (handle.ts). A route module exports what its file exports as `routeModule.userland`, as Next's
 * own server reads it. Anything else (no such module, a route file without an operation, an
 * operation whose path is not its file's) stops the server before it listens: serve.mjs answers
 * an operation only where Next would run the same handler.
 * @returns {Promise<Map<string, { match: (path: string) => Record<string, string> | undefined,
 *   answer: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse,
 *   params: Record<string, string>) => Promise<void> }[]>>}
 */
async function loadOperations() {
  const { default: config } = await import('./next.config.mjs')
  const built = join(root, config.distDir ?? '.next', 'server')
  const require = createRequire(import.meta.url)
  const manifest = require(join(built, 'app-paths-manifest.json'))
  const operations = new Map()
  for (const [page, file] of Object.entries(manifest)) {
    if (!page.startsWith('/api/v1/')) continue
    const { routeModule } = require(join(built, file))
    await routeModule?.ensureUserland?.()
    const exported = routeModule?.userland
    if (!exported) throw new Error(`${file} has no route module: the build's layout is not what serve.mjs reads`)
    // `/api/v1/accounts/[userAddress]/portfolio/route` serves `/api/v1/accounts/{userAddress}/portfolio`.
    const served = page.replace(/\/route$/, '').replace(/\[(\w+)\]/g, '{$1}')
    let found = 0
    for (const handler of new Set(Object.values(exported))) {
      if (typeof handler !== 'function' || !handler.operation || !handler.node) continue
      const { method, path } = handler.operation
      if (`/api/v1${path}` !== served) throw new Error(`${page} exports ${method} ${path}, not its own path`)
      if (!operations.has(method)) operations.set(method, [])
      operations.get(method).push(handler.node)
      found++
    }
    if (found === 0) throw new Error(`${page} exports no operation's handler (handle.ts): serve.mjs cannot answer it`)
  }
  if (operations.size === 0) throw new Error(`no API operations found in ${built}: is it a build of this app?`)
  return operations
}

/** Answers the request when it is an operation's exact method and path; false leaves it to Next. */
function answerOperation(operations, request, response) {
  const candidates = operations.get(request.method)
  if (!candidates) return false
  const url = request.url ?? '/'
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  for (const operation of candidates) {
    const params = operation.match(path)
    if (params === undefined) continue
    void operation.answer(request, response, params)
    return true
  }
  return false
}
