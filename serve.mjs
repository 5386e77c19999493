// `npm start` (and `npm run dev`): the production build served by WEB_CONCURRENCY `next start`
// processes sharing one port (node:cluster), so every core serves requests (one process when the
// database is the embedded one opened in-process, without DATABASE_URL). Arguments are passed
// to `next start` (--port, --hostname). With several workers the primary hands out connections
// (round robin) and keeps the rate limits every worker shares (rate-limiter-flexible's cluster
// master, when no Redis or Postgres store is configured). With one worker neither hop is needed:
// it accepts on the shared socket itself and counts its limits in its own memory. A worker that
// dies is replaced; one that fails before it listens stops all.
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RateLimiterClusterMaster } from 'rate-limiter-flexible'

const root = dirname(fileURLToPath(import.meta.url))
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
    `WEB_CONCURRENCY=${workers} needs DATABASE_URL: without it every server process would open the embedded database folder on its own, and only one of them can hold it. Set DATABASE_URL (Postgres), or run \`npm run dev\`, which serves the embedded database to every process.`,
  )
  process.exit(2)
}

// One worker: no connection hand-off through the primary (an extra IPC message per connection).
if (workers === 1) cluster.schedulingPolicy = cluster.SCHED_NONE
else new RateLimiterClusterMaster()
cluster.setupPrimary({ exec: join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), args: ['start', ...process.argv.slice(2)], cwd: root })
// Workers know the primary keeps the shared in-memory rate limits (lib/server/context.ts).
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
