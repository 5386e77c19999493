// What the HTTP hop alone costs on this machine: a bare node:http server, in a process of its own
// like the app's server, that does nothing but a floor's own work per request — the same
// pre-encoded JSON-RPC requests sent raw in parallel over keep-alive connections, and for the
// route the same digest and signature — then answers their results. No key check, no validation,
// no ABI decoding, no log line, no database. The latency benches time it beside the API, reached
// the way the API is (a new connection, or a kept-alive one), so the API's ratio to the floor can
// be read against the least any service in front of those reads adds here.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import type { UnsignedIntentOp } from '../../lib/core/intentOp/intentOp'

export type BareProxyConfig = {
  /** Sent raw, all at once, for every request the proxy answers. */
  requests: { url: string; body: string }[]
  /** Signed (the route's digest and EIP-191 signature) after the requests are answered. */
  sign?: { intentOp: UnsignedIntentOp; privateKey: string }
}

export type BareProxy = { url: string; stop: () => void }

export async function startBareProxy(config: BareProxyConfig): Promise<BareProxy> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'bareProxyServer.ts')],
    {
      env: { ...process.env, BARE_PROXY_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the bare proxy exited before it listened (code ${code})`)
  })
  const port = Promise.race([once(child.stdout!, 'data').then(([chunk]) => Number(String(chunk).trim())), exited])
  const listening = await port
  if (!Number.isInteger(listening) || listening <= 0) throw new Error(`the bare proxy printed no port: ${listening}`)
  // Never what keeps a bench running: stopped with it, whatever way it ends.
  const stop = () => void child.kill()
  process.once('exit', stop)
  child.unref()
  child.stdout?.destroy()
  return { url: `http://127.0.0.1:${listening}/`, stop }
}
