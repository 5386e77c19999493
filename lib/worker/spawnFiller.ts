// Starts the filler (lib/filler/main.ts) or the attester (lib/attester/main.ts) as a child process
// with its own environment, its output passed to `onOutput`; `stop()` ends it. Used by
// `npm run dev` and the test stack.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

export type WorkerProcess = {
  pid: number
  /** Settles once the worker says it is at work; fails if it exits first. */
  ready: Promise<void>
  stop: () => Promise<void>
}

export type FillerProcess = WorkerProcess

/** The filler is ready once it holds the lease and its approvals are done. */
export function spawnFiller(env: Record<string, string>, onOutput: (chunk: Buffer) => void): FillerProcess {
  return spawnWorker(join(root, 'lib', 'filler', 'main.ts'), '"msg":"filling"', env, onOutput)
}

/** The attester is ready once it holds its lease (its heartbeat). */
export function spawnAttester(env: Record<string, string>, onOutput: (chunk: Buffer) => void): WorkerProcess {
  return spawnWorker(join(root, 'lib', 'attester', 'main.ts'), '"msg":"attesting"', env, onOutput)
}

function spawnWorker(
  script: string,
  readyLine: string,
  env: Record<string, string>,
  onOutput: (chunk: Buffer) => void,
): WorkerProcess {
  const name = script.split('/').at(-2)
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const ready = new Promise<void>((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(readyLine)) resolve()
    }
    child.stdout.on('data', watch)
    child.stderr.on('data', watch)
    child.once('exit', (code) => reject(new Error(`the ${name} exited with code ${code}:\n${output.slice(-2000)}`)))
  })
  ready.catch(() => {}) // a caller that does not wait must not see an unhandled rejection
  child.stdout.on('data', onOutput)
  child.stderr.on('data', onOutput)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref()
    })
  // No pid: the process could not be started (the error that says why follows as an event).
  if (child.pid === undefined) throw new Error(`the ${name} could not be started`)
  return { pid: child.pid, ready, stop }
}
