// vitest globalSetup: one stack for the integration and compatibility suites.
import { writeFileSync } from 'node:fs'
import 'vitest'
import type { TestProject } from 'vitest/node'
import { startStack } from './stack'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    apiKey: string
    browserKey: string
    databaseUrl: string
    appLogFile: string
    rpcUrls: Record<number, string>
    demoAddress: `0x${string}`
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack()
  project.provide('baseUrl', stack.baseUrl)
  project.provide('apiKey', stack.apiKey)
  project.provide('browserKey', stack.browserKey)
  project.provide('databaseUrl', stack.databaseUrl)
  project.provide('appLogFile', stack.logFile)
  project.provide('rpcUrls', stack.devnet.rpcUrls)
  project.provide('demoAddress', stack.devnet.demoAddress)
  return async () => {
    await stack.stop()
    // STACK_LOG_FILE=path keeps what the app, the filler and the attester printed, for a failure's story.
    if (process.env.STACK_LOG_FILE) writeFileSync(process.env.STACK_LOG_FILE, stack.logs())
    // After the whole run: no key, no signing key, anywhere in what the app printed.
    const leaks = secretsIn(stack.logs(), stack)
    if (leaks.length > 0) throw new Error(`secrets reached the app logs: ${leaks.join(', ')}`)
  }
}

/** What of a run's secrets appears in its logs: the suite's keys, any issued key, the signing key. */
export function secretsIn(logs: string, stack: { apiKey: string; browserKey: string; signerKey: string }): string[] {
  const found: string[] = []
  if (logs.includes(stack.apiKey)) found.push('the suite API key')
  if (logs.includes(stack.browserKey)) found.push('the browser key')
  if (logs.includes(stack.signerKey.slice(2))) found.push('the signing key')
  if (/ir_[a-z2-9]{10}_[\w-]{43}/.test(logs)) found.push('an issued API key')
  return found
}
