// The system under test: a fresh devnet on free ports and the production build of the app
// (`next start`) pointed at it with a test API key. Used by vitest, Playwright and the benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { generateApiKey } from '../../lib/config/keyHash'
import { freePort } from '../../lib/devnet/anvil'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { startDevnet, type Devnet } from '../../lib/devnet/startDevnet'

export type Stack = { baseUrl: string; apiKey: string; browserKey: string; devnet: Devnet; logs: () => string; stop: () => Promise<void> }

const root = join(import.meta.dirname, '..', '..')

export async function startStack(): Promise<Stack> {
  const distDir = process.env.NEXT_DIST_DIR || '.next'
  if (!existsSync(join(root, distDir, 'BUILD_ID'))) {
    throw new Error(`No production build of the app in ${distDir}/: run \`npx next build\` (npm test does this) before the integration suites.`)
  }
  const devnet = await startDevnet()
  const apiKey = generateApiKey('ir_test')
  const appEnv = devnetAppEnv(devnet.rpcUrls, apiKey)
  const port = await freePort()
  let output = ''
  const app: ChildProcess = spawn(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, ...appEnv, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  app.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  app.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) {
      await new Promise<void>((resolve) => {
        app.once('exit', () => resolve())
        app.kill('SIGTERM')
        setTimeout(() => app.kill('SIGKILL'), 3_000).unref()
      })
    }
    await devnet.stop()
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${baseUrl}/`, app, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, apiKey, browserKey: appEnv.BROWSER_API_KEY!, devnet, logs: () => output, stop }
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
