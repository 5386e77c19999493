// Load: autocannon on loopback against the production app at 64 connections, bounded in time
// (LOAD_SECONDS, default 60 s per endpoint): the portfolio with its caches on (production bounds), the
// route, and the portfolio with its caches off (every request reads the chains: a second stack, as the
// API serves accounts it has not read in the last second). Each: throughput, p50/p99, errors; the
// CPU seconds every kind of process used (/proc), so throughput per core reads two ways — requests/s
// over the machine's cores, and requests per CPU-second of the app's own processes (what one core
// given wholly to the app serves); and the app's memory: what its processes (the primary and each
// server) retain after a full collection, heap and buffers, before the run and after it
// (heapProbe.mjs; a leak grows it), and their resident size, the peak early in the run against the
// peak late in it. Targets: 0 errors, retained memory growth < 10 %, cached portfolio >= 1,500 req/s
// on 2 cores. Informs; exits non-zero only when the run itself breaks.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { type Stack, startStack } from '../support/stack'
import { APP_SERVER, cpuSample, cpuUse, describeCpu } from './cpuUse'
import { ensureBuild } from './ensureBuild'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = 64
/** As `npm run dev` serves: one server process per core unless WEB_CONCURRENCY says otherwise. */
const PROCESSES = process.env.WEB_CONCURRENCY ?? String(availableParallelism())

type Run = { name: string; target?: number; options: autocannon.Options }

await ensureBuild()
const probes = mkdtempSync(join(tmpdir(), 'heap-probe-'))
// A budget the load cannot exhaust (rate limiting is not what is measured); the heap probe in the
// primary and every server process.
const common = {
  RATE_LIMIT_DEFAULT: '100000000/min',
  WEB_CONCURRENCY: PROCESSES,
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import "${join(import.meta.dirname, 'heapProbe.mjs')}"`.trim(),
  HEAP_PROBE_DIR: probes,
}
const lines: string[] = [
  `load: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, loopback, ` +
    `WEB_CONCURRENCY ${PROCESSES}, ${cpus().length} cores`,
  '',
]
let failed = false
try {
  // Production cache bounds.
  await withLoadStack({ BALANCE_CACHE_MS: '1000', MARKET_CACHE_MS: '3000' }, (stack) => [
    { name: 'portfolio (cached)', target: 1_500, options: portfolio(stack) },
    { name: 'route', options: route(stack) },
  ])
  await withLoadStack({ BALANCE_CACHE_MS: '0', MARKET_CACHE_MS: '0' }, (stack) => [
    { name: 'portfolio (caches off: every request reads the chains)', options: portfolio(stack) },
  ])
  console.log(lines.join('\n'))
  if (failed) process.exitCode = 1
} finally {
  rmSync(probes, { recursive: true, force: true })
}

function headers(stack: Stack) {
  return { 'x-api-key': stack.apiKey, 'content-type': 'application/json' }
}

function portfolio(stack: Stack): autocannon.Options {
  return { url: `${stack.baseUrl}/api/v1/accounts/${stack.devnet.demoAddress}/portfolio`, headers: headers(stack) }
}

function route(stack: Stack): autocannon.Options {
  return {
    url: `${stack.baseUrl}/api/v1/intents/route`,
    method: 'POST',
    headers: headers(stack),
    body: JSON.stringify({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000000' }],
      account: { address: stack.devnet.demoAddress, accountType: 'EOA' },
    }),
  }
}

async function withLoadStack(env: Record<string, string>, runs: (stack: Stack) => Run[]): Promise<void> {
  const stack = await startStack({ env: { ...common, ...env } })
  try {
    lines.push(
      `app pid ${stack.appPid}, BALANCE_CACHE_MS ${env.BALANCE_CACHE_MS}, MARKET_CACHE_MS ${env.MARKET_CACHE_MS}`,
    )
    for (const run of runs(stack)) await measure(stack, run)
  } finally {
    await stack.stop()
  }
}

async function measure(stack: Stack, run: Run): Promise<void> {
  // Warm-up at full concurrency until the heap has grown to its working size (5 s rounds until
  // one adds < 2 % memory, at most 30 s): what is measured after is growth under sustained load
  // (a leak), not V8 sizing its heaps for 64 connections.
  for (let round = 0, last = rssMiB(stack.appPid); round < 6; round++) {
    await autocannon({ ...run.options, connections: CONNECTIONS, duration: Math.min(5, SECONDS) })
    const now = rssMiB(stack.appPid)
    if (round > 0 && (now - last) / last < 0.02) break
    last = now
  }
  // A collected heap is a sawtooth: two single readings can differ by a third with nothing
  // leaked. Memory is read every 500 ms through the run; growth is the peak of its last third
  // over the peak of its first third (a leak raises every later peak).
  const heapBefore = await retainedMiB(stack.appPid)
  const readings: number[] = []
  const sampler = setInterval(() => readings.push(rssMiB(stack.appPid)), 500)
  const cpuBefore = cpuSample()
  const result = await autocannon({ ...run.options, connections: CONNECTIONS, duration: SECONDS })
  const cpu = cpuUse(cpuBefore, cpuSample())
  clearInterval(sampler)
  const appCpuSeconds = cpu.byKind.get(APP_SERVER) ?? 0
  const heapAfter = await retainedMiB(stack.appPid)
  // A server process replaced during the run would hide what the old one had grown.
  const sameProcesses = heapAfter.pids === heapBefore.pids
  const heapGrowth = ((heapAfter.mib - heapBefore.mib) / heapBefore.mib) * 100
  const third = Math.max(1, Math.floor(readings.length / 3))
  const before = Math.max(...readings.slice(0, third))
  const after = Math.max(...readings.slice(-third))
  const errors = result.errors + result.timeouts + result.non2xx
  const growth = ((after - before) / before) * 100
  lines.push(
    `${run.name}`,
    `  throughput ${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests)` +
      `${run.target ? ` — target >= ${run.target}: ${result.requests.average >= run.target ? 'PASS' : 'MISS'}` : ''}`,
    `  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `  per core: ${(result.requests.average / cpus().length).toFixed(0)} req/s per core of the machine; ` +
      `${appCpuSeconds > 0 ? (result.requests.total / appCpuSeconds).toFixed(0) : '?'} requests per CPU-second ` +
      `of the app's processes (${appCpuSeconds.toFixed(1)} CPU-s for ${result.requests.total})`,
    `  CPU: ${describeCpu(cpu, result.requests.total, 'request')}`,
    `  errors ${errors} (socket ${result.errors}, timeouts ${result.timeouts}, ` +
      `non-2xx ${result.non2xx}) — target 0: ${errors === 0 ? 'PASS' : 'MISS'}`,
    '  app memory retained after a full collection (heap and buffers, primary and servers) ' +
      `${heapBefore.mib.toFixed(1)} MiB (before the run) → ${heapAfter.mib.toFixed(1)} MiB (after it) ` +
      `(${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)} %) — target < 10 %: ` +
      (!sameProcesses
        ? `MISS (a server process was replaced during the run: ${heapBefore.pids} → ${heapAfter.pids})`
        : heapGrowth < 10
          ? 'PASS'
          : 'MISS'),
    `  app resident memory peak ${before.toFixed(1)} MiB (first third) → ${after.toFixed(1)} MiB ` +
      `(last third; ${readings.length} readings) (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
    '',
  )
  if (result.requests.total === 0) failed = true
}

/** What the app's processes (the primary, which keeps the shared rate-limit counts, and each
 * server process) retain after a full collection: heap and external memory (buffers), MiB summed,
 * and which processes answered. Each is signalled and writes its figure (heapProbe.mjs), read once
 * every one has answered. */
async function retainedMiB(pid: number): Promise<{ mib: number; pids: string }> {
  const processes = [pid, ...workerPids(pid)]
  for (const p of processes) rmSync(join(probes, `${p}.json`), { force: true })
  for (const p of processes) process.kill(p, 'SIGWINCH')
  const deadline = Date.now() + 30_000
  for (;;) {
    const answers = processes.map((p) => {
      try {
        const probe = JSON.parse(readFileSync(join(probes, `${p}.json`), 'utf8')) as {
          heapUsed: number
          external: number
        }
        return probe.heapUsed + probe.external
      } catch {
        return undefined
      }
    })
    if (answers.every((a) => a !== undefined))
      return { mib: answers.reduce((sum, a) => sum + a!, 0) / 2 ** 20, pids: processes.join(',') }
    if (Date.now() > deadline) throw new Error(`the heap probe did not answer in ${processes.join(', ')}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The server processes serve.mjs forked (it always forks, one process or several). */
function workerPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number)
  if (children.length === 0) throw new Error(`the app's primary ${pid} has no server process`)
  return children
}

/** Resident memory of the app: its primary and every server process under it, from /proc (Linux;
 * read without spawning anything, so sampling does not stall the load generator). */
function rssMiB(pid: number): number {
  const children = workerPids(pid)
  const kb = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))![1])
  return [pid, ...children].reduce((sum, p) => sum + kb(p), 0) / 1024
}
