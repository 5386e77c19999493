// Load: autocannon on loopback against the production app with its caches on, bounded in time
// (LOAD_SECONDS, default 60 s per endpoint) at 64 connections: throughput, p50/p99, errors, and the
// app server's memory, its peak early in the run against its peak late in it. Targets: 0 errors, memory growth < 10 %, cached portfolio
// >= 1,500 req/s on 2 cores. Informs; exits non-zero only when the run itself breaks.
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import autocannon from 'autocannon'
import { startStack } from '../support/stack'
import { ensureBuild } from './ensureBuild'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = 64
/** As `npm run dev` serves: one server process per core unless WEB_CONCURRENCY says otherwise. */
const PROCESSES = process.env.WEB_CONCURRENCY ?? String(availableParallelism())

await ensureBuild()
// Production cache bounds, and a budget the load cannot exhaust (rate limiting is not what is measured).
const stack = await startStack({ env: { BALANCE_CACHE_MS: '1000', MARKET_CACHE_MS: '3000', RATE_LIMIT_DEFAULT: '100000000/min', WEB_CONCURRENCY: PROCESSES } })
try {
  const demo = stack.devnet.demoAddress
  const headers = { 'x-api-key': stack.apiKey, 'content-type': 'application/json' }
  const runs = [
    { name: 'portfolio (cached)', target: 1_500, options: { url: `${stack.baseUrl}/api/v1/accounts/${demo}/portfolio`, headers } },
    {
      name: 'route',
      target: undefined,
      options: {
        url: `${stack.baseUrl}/api/v1/intents/route`,
        method: 'POST' as const,
        headers,
        body: JSON.stringify({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000000' }], account: { address: demo, accountType: 'EOA' } }),
      },
    },
  ]
  const lines: string[] = [`load: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, loopback, app pid ${stack.appPid} (WEB_CONCURRENCY ${PROCESSES})`, '']
  let failed = false
  for (const run of runs) {
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
    const readings: number[] = []
    const sampler = setInterval(() => readings.push(rssMiB(stack.appPid)), 500)
    const result = await autocannon({ ...run.options, connections: CONNECTIONS, duration: SECONDS })
    clearInterval(sampler)
    const third = Math.max(1, Math.floor(readings.length / 3))
    const before = Math.max(...readings.slice(0, third))
    const after = Math.max(...readings.slice(-third))
    const errors = result.errors + result.timeouts + result.non2xx
    const growth = ((after - before) / before) * 100
    lines.push(
      `${run.name}`,
      `  throughput ${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests)${run.target ? ` — target >= ${run.target}: ${result.requests.average >= run.target ? 'PASS' : 'MISS'}` : ''}`,
      `  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `  errors ${errors} (socket ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}) — target 0: ${errors === 0 ? 'PASS' : 'MISS'}`,
      `  app memory peak ${before.toFixed(1)} MiB (first third) → ${after.toFixed(1)} MiB (last third; ${readings.length} readings) (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %) — target < 10 %: ${growth < 10 ? 'PASS' : 'MISS'}`,
      '',
    )
    if (result.requests.total === 0) failed = true
  }
  console.log(lines.join('\n'))
  if (failed) process.exitCode = 1
} finally {
  await stack.stop()
}

/** Resident memory of the app: its primary and every server process under it, from /proc (Linux;
 * read without spawning anything, so sampling does not stall the load generator). */
function rssMiB(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number)
  const kb = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))![1])
  return [pid, ...children].reduce((sum, p) => sum + kb(p), 0) / 1024
}
