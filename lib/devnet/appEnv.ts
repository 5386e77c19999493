// The environment the app runs with on the devnet: its RPC URLs and the demo key's hash.
import { generateApiKey, hashApiKey } from '../config/keyHash'

/** A fresh browser key per start: the app hands it to its own pages, so it is never printed. */
export function devnetAppEnv(rpcUrls: Record<number, string>, apiKey?: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url])),
    ...(apiKey ? { API_KEY_SHA256: `demo:${hashApiKey(apiKey)}` } : {}),
    BROWSER_API_KEY: generateApiKey('ir_browser'),
  }
}
