// The test's own view of the devnet the stack started (globalSetup): a client per chain, for reading
// and restoring chain state around what the browser does.
import type { Chain } from 'viem'
import { getChain } from '../../../lib/core/chains/chains'
import { createDevnetClient, type DevnetClient } from '../../../lib/devnet/devnetClient'
import { devnetActions } from '../../support/devnetActions'

const rpcUrls = () => JSON.parse(process.env.E2E_DEVNET_RPC_URLS ?? '{}') as Record<string, string>

export function devnetClient(chainId: number): DevnetClient {
  const url = rpcUrls()[chainId]
  if (!url)
    throw new Error(
      `no devnet node for chain ${chainId}: run through playwright.config.ts (globalSetup starts the stack)`,
    )
  return createDevnetClient(url, getChain(chainId)!.viem as Chain)
}

/** The shared test-side chain actions (tests/support/devnetActions.ts) on the stack's devnet. */
export function devnetChain(): ReturnType<typeof devnetActions> {
  return devnetActions(rpcUrls())
}

/**
 * Runs `action`, then puts the account's ETH back where it was: a transaction the browser sends
 * costs gas, and other suites assert the demo account's seeded balances to the last digit.
 */
export async function keepingEthBalance<T>(
  chainId: number,
  address: `0x${string}`,
  action: () => Promise<T>,
): Promise<T> {
  const client = devnetClient(chainId)
  const before = await client.getBalance({ address })
  try {
    return await action()
  } finally {
    await client.setBalance({ address, value: before })
  }
}

/** The suite's API key (all scopes), for setting up state through the API itself. */
export function testApiKey(): string {
  const key = process.env.E2E_API_KEY
  if (!key) throw new Error('E2E_API_KEY is not set: run through playwright.config.ts (globalSetup starts the stack)')
  return key
}

/** Headers that make a test's API call count as the app's own pages: their key, same-origin, and —
 * for account operations — the session cookie of a wallet signed in with Ethereum. */
export function asThePage(cookie?: string): Record<string, string> {
  const key = process.env.E2E_BROWSER_KEY
  if (!key)
    throw new Error('E2E_BROWSER_KEY is not set: run through playwright.config.ts (globalSetup starts the stack)')
  return { 'x-api-key': key, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) }
}
