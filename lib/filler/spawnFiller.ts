// Starts the filler (lib/filler/main.ts) as a child process with its own environment, its output
// passed to `onOutput`; `stop()` ends it. Used by `npm run dev` and the test stack.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

export type FillerProcess = { pid: number; stop: () => Promise<void> }

export function spawnFiller(env: Record<string, string>, onOutput: (chunk: Buffer) => void): FillerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'lib', 'filler', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', onOutput)
  child.stderr!.on('data', onOutput)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref()
    })
  return { pid: child.pid!, stop }
}
