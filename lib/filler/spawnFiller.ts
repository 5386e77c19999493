// Starts the filler (lib/filler/main.ts) as a child process with its own environment, its output
// passed to `onOutput`; `stop()` ends it. Used by `npm run dev` and the test stack.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

export type FillerProcess = {
  pid: number
  /** Settles once the filler holds the lease and its approvals are done; fails if it exits first. */
  ready: Promise<void>
  stop: () => Promise<void>
}

export function spawnFiller(env: Record<string, string>, onOutput: (chunk: Buffer) => void): FillerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'lib', 'filler', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const ready = new Promise<void>((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('"msg":"filling"')) resolve()
    }
    child.stdout!.on('data', watch)
    child.stderr!.on('data', watch)
    child.once('exit', (code) => reject(new Error(`the filler exited with code ${code}:\n${output.slice(-2000)}`)))
  })
  ready.catch(() => {}) // a caller that does not wait must not see an unhandled rejection
  child.stdout!.on('data', onOutput)
  child.stderr!.on('data', onOutput)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref()
    })
  return { pid: child.pid!, ready, stop }
}
