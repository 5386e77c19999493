// `npm run dev`: the devnet (unless RPC URLs are configured) and the Next.js dev server, stopped
// together on exit or Ctrl-C.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { configuredRpcVars, devEnvSchema, readEnv } from '../config/env'
import { formatUnits } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { generateApiKey } from '../config/keyHash'
import { getChain } from '../core/chains/chains'
import { devnetAppEnv } from './appEnv'
import { demoSeeds } from './demoAccount'
import { demoApiKey } from './demoApiKey'
import { startDevnet, type Devnet } from './startDevnet'

async function main() {
  const { PORT, DEVNET_BASE_PORT, API_KEY_SHA256 } = readEnv(devEnvSchema)
  const realChains = configuredRpcVars()
  let devnet: Devnet | undefined
  const env: NodeJS.ProcessEnv = { ...process.env }
  const lines: string[] = []

  if (realChains.length === 0) {
    const started = performance.now()
    devnet = await startDevnet({ basePort: DEVNET_BASE_PORT })
    const key = API_KEY_SHA256 ? undefined : demoApiKey(join(process.cwd(), '.devnet'))
    // What the operator set wins over the devnet's defaults.
    for (const [name, value] of Object.entries(devnetAppEnv(devnet.rpcUrls, key))) env[name] ??= value
    lines.push(
      `Devnet ready in ${Math.round(performance.now() - started)} ms: ${devnet.nodes.map((n) => `${getChain(n.chainId)!.name} (${n.chainId}) ${n.url}`).join(', ')}`,
      `Demo account:  ${devnet.demoAddress}`,
      ...demoSeeds.map(
        (s) => `  ${getChain(s.chainId)!.name.padEnd(13)} ${formatUnits(s.amount, s.decimals).padStart(8)} ${s.symbol}${s.locked ? ' (locked in The Compact)' : ''}`,
      ),
      key ? `Demo API key:  ${key}` : 'API keys:      from API_KEY_SHA256',
    )
  } else {
    lines.push(`Real chains from ${realChains.join(', ')}; no devnet started.`)
  }
  // Keys the app needs that nobody configured: fresh for this start, never printed.
  env.SIGNER_PRIVATE_KEY ??= generatePrivateKey()
  env.BROWSER_API_KEY ??= generateApiKey('ir_browser')
  lines.unshift(`App:           http://localhost:${PORT}`)

  const next = spawn(process.execPath, [join('node_modules', 'next', 'dist', 'bin', 'next'), 'dev', '--port', String(PORT)], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  console.log(['', ...lines, ''].join('\n'))

  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    if (next.exitCode === null) next.kill('SIGTERM')
    await devnet?.stop()
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
