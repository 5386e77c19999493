// The environment the app runs with on the devnet: its RPC URLs, its database, and the nodes the
// dashboard's demo wallet signs through.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { generateApiKey } from '../config/keyHash'
import { demoAccount, devnetPrivateKey } from './demoAccount'
import { devnetFillerKey } from './fillerEnv'

/** A fresh browser key and route-signing key per start: neither is printed or stored. */
export function devnetAppEnv(rpcUrls: Record<number, string>, databaseUrl: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url])),
    DATABASE_URL: databaseUrl,
    BROWSER_API_KEY: generateApiKey('ir_browser'),
    SIGNER_PRIVATE_KEY: generatePrivateKey(),
    FILLER_ADDRESS: privateKeyToAccount(devnetFillerKey()).address,
    DEMO_WALLET_RPC_URLS: Object.entries(rpcUrls)
      .map(([id, url]) => `${id}=${url}`)
      .join(','),
    // anvil's published key of the demo account: the demo wallet's EIP-7702 authorizations are signed with it.
    DEMO_WALLET_AUTHORIZATION_KEY: devnetPrivateKey(demoAccount),
  }
}
