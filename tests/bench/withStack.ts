// The frame every benchmark runs in: a production build, a fresh stack, one keep-alive agent, and
// a clean teardown; a failure prints the app's output and sets a non-zero exit code.
import { Agent } from 'node:http'
import { type Stack, startStack } from '../support/stack'
import { ensureBuild } from './ensureBuild'

export async function withStack(
  bench: (stack: Stack, keepAlive: Agent) => Promise<void>,
  env?: Record<string, string>,
): Promise<void> {
  await ensureBuild()
  const stack = await startStack(env ? { env } : {})
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    await bench(stack, keepAlive)
  } catch (error) {
    console.error(
      `bench failed: ${error instanceof Error ? error.stack : String(error)}\n--- app output ---\n${stack.logs()}`,
    )
    process.exitCode = 1
  } finally {
    keepAlive.destroy()
    await stack.stop()
  }
}
