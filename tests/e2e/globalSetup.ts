// Playwright globalSetup: the same stack as the vitest suites; tests read E2E_BASE_URL, and the
// devnet nodes (E2E_DEVNET_RPC_URLS, JSON by chain id) for checks the browser makes against them.
import { startStack } from '../support/stack'

export default async function globalSetup() {
  const stack = await startStack()
  process.env.E2E_BASE_URL = stack.baseUrl
  process.env.E2E_DEVNET_RPC_URLS = JSON.stringify(stack.devnet.rpcUrls)
  return async () => {
    await stack.stop()
  }
}
