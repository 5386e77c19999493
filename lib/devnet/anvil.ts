// One anvil node as a child process: spawned directly from the npm package's binary, ready when it
// prints "Listening on", stopped with its parent. A port already in use fails fast and says so.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { devnetMnemonic } from './demoAccount'
import { portIsFree } from './ports'

export type AnvilNode = { chainId: number; port: number; url: string; stop: () => Promise<void> }

const live = new Set<ChildProcess>()
let exitHookInstalled = false

export function anvilBinary(): string {
  const pkg = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/package.json')
  return join(dirname(pkg), 'bin', 'anvil')
}

export async function startAnvil({ chainId, port }: { chainId: number; port: number }): Promise<AnvilNode> {
  await assertPortFree(port)
  installExitHook()
  const child = spawn(
    anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(chainId),
      '--hardfork',
      'prague',
      '--mnemonic',
      devnetMnemonic,
      '--accounts',
      '2',
      '--balance',
      '1000000',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  live.add(child)
  child.once('exit', () => live.delete(child))

  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(
      () => fail(new Error(`anvil for chain ${chainId} did not start within 15 s:\n${output}`)),
      15_000,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Listening on')) done()
    }
    const onExit = (code: number | null) => {
      const inUse = output.includes('Address already in use')
      fail(
        new Error(
          inUse ? portInUseMessage(port, chainId) : `anvil for chain ${chainId} exited with code ${code}:\n${output}`,
        ),
      )
    }
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout.off('data', onData)
      child.stderr.off('data', onData)
      child.off('exit', onExit)
      // Keep draining so a chatty node never blocks on a full pipe.
      child.stdout.resume()
      child.stderr.resume()
    }
    const done = () => {
      cleanup()
      resolve()
    }
    const fail = (e: Error) => {
      cleanup()
      child.kill('SIGKILL')
      reject(e)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', onExit)
  })

  return { chainId, port, url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 2_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

function portInUseMessage(port: number, chainId: number): string {
  return (
    `Port ${port} (devnet chain ${chainId}) is already in use. ` +
    `Stop the process holding it (\`lsof -i :${port}\`) or choose other ports with DEVNET_BASE_PORT.`
  )
}

async function assertPortFree(port: number): Promise<void> {
  if (!(await portIsFree(port))) throw new Error(portInUseMessage(port, 0).replace(' (devnet chain 0)', ''))
}

/** A free loopback port chosen by the OS (for tests that run beside a developer's devnet). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

// No orphan nodes: whatever way the parent ends, its anvil children end with it.
function installExitHook() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL')
  })
}
