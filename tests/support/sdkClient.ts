// The published @rhinestone/sdk, unchanged, pointed at a running app: its account-level client and
// its raw orchestrator (the API calls and the error parser the account surface stands on).
import { RhinestoneSDK } from '@rhinestone/sdk'
import { Orchestrator } from '@rhinestone/sdk/dist/src/orchestrator'

export type SdkTarget = { baseUrl: string; apiKey: string; rpcUrls: Record<string | number, string> }

export function sdkClient({ baseUrl, apiKey, rpcUrls }: SdkTarget): RhinestoneSDK {
  const urls = Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [Number(id), url]))
  return new RhinestoneSDK({ apiKey, endpointUrl: `${baseUrl}/api/v1`, provider: { type: 'custom', urls } })
}

/** The client's orchestrator with `apiKey` on every request. */
export function orchestratorClient(baseUrl: string, apiKey: string): Orchestrator {
  const headers = async () => ({ 'x-api-key': apiKey })
  return new Orchestrator(`${baseUrl}/api/v1`, { getHeaders: headers, getSubmitHeaders: headers } as never)
}
