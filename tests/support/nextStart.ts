// `next start` of the build the suites run, beside the stack's own server (serve.mjs): the
// suites that check serve.mjs answers what Next's router answers run both.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { inject } from 'vitest'
import { freePort } from '../../lib/devnet/anvil'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { postgresUrl } from './testDatabases'

/** `next start` of the build the suite runs (NEXT_DIST_DIR), with the environment the stack gives
 * serve.mjs (tests/support/stack.ts), on a free port; resolves once it answers. */
export async function startNextStart(root: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  let output = ''
  const next = join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
  const args = [next, 'start', '--port', String(port), '--hostname', '127.0.0.1']
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...devnetAppEnv(inject('rpcUrls'), inject('databaseUrl')),
      ...(postgresUrl ? {} : { RATE_LIMIT_STORE: 'memory' }),
      RATE_LIMIT_DEFAULT: '1000000/min',
      BROWSER_RATE_LIMIT_TOTAL: '1000000/min',
      BROWSER_RATE_LIMIT_CLIENT: '1000000/min',
      AUTH_FAILURE_LIMIT: '1000000/min',
      BALANCE_CACHE_MS: '0',
      MARKET_CACHE_MS: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref()
    })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}:\n${output}`)
    const ok = await fetch(`${origin}/`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { origin, stop }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop()
  throw new Error(`next start did not answer within 60 s:\n${output}`)
}
