// The environment the app runs with on the devnet: its RPC URLs and the demo key's hash.
import { hashApiKey } from '../config/keyHash'

export function devnetAppEnv(rpcUrls: Record<number, string>, apiKey?: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url])),
    ...(apiKey ? { API_KEY_SHA256: `demo:${hashApiKey(apiKey)}` } : {}),
  }
}
