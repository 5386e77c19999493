// Playwright globalSetup: the same stack as the vitest suites; tests read E2E_BASE_URL.
import { startStack } from '../support/stack'

export default async function globalSetup() {
  const stack = await startStack()
  process.env.E2E_BASE_URL = stack.baseUrl
  return async () => {
    await stack.stop()
  }
}
