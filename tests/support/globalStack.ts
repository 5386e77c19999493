// vitest globalSetup: one stack for the integration and compatibility suites.
import 'vitest'
import type { TestProject } from 'vitest/node'
import { startStack } from './stack'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    apiKey: string
    browserKey: string
    databaseUrl: string
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
  project.provide('rpcUrls', stack.devnet.rpcUrls)
  project.provide('demoAddress', stack.devnet.demoAddress)
  return async () => {
    const logs = stack.logs()
    await stack.stop()
    // No request may ever leak the key into the app's output.
    if (logs.includes(stack.apiKey) || logs.includes(stack.browserKey)) throw new Error('an API key appeared in the app logs')
  }
}
