// Playwright globalSetup: the same stack as the vitest suites; tests read E2E_BASE_URL, the devnet
// nodes (E2E_DEVNET_RPC_URLS, JSON by chain id) for checks the browser makes against them, and the
// suite's API key (E2E_API_KEY) to set up state through the API, and the key the app hands its
// pages (E2E_BROWSER_KEY), for state the pages themselves must see (route history is per key).
import { startStack } from '../support/stack'

export default async function globalSetup() {
  const stack = await startStack()
  process.env.E2E_BASE_URL = stack.baseUrl
  process.env.E2E_DEVNET_RPC_URLS = JSON.stringify(stack.devnet.rpcUrls)
  process.env.E2E_API_KEY = stack.apiKey
  process.env.E2E_BROWSER_KEY = stack.browserKey
  return async () => {
    await stack.stop()
  }
}
