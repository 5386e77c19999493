// The environment the app runs with on the devnet: its RPC URLs and the demo key's hash.
import { generatePrivateKey } from 'viem/accounts'
import { generateApiKey, hashApiKey } from '../config/keyHash'

/** A fresh browser key and route-signing key per start: neither is printed or stored. */
export function devnetAppEnv(rpcUrls: Record<number, string>, apiKey?: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url])),
    ...(apiKey ? { API_KEY_SHA256: `demo:${hashApiKey(apiKey)}` } : {}),
    BROWSER_API_KEY: generateApiKey('ir_browser'),
    SIGNER_PRIVATE_KEY: generatePrivateKey(),
  }
}
