// An intent's status, polled or read once. The SDK's waitForExecution returns once the destination is
// filled (FILLED counts as executed for the client); the origin claims come after it, so a test that
// checks the whole settlement waits for the final status (bounded by the test's own timeout). The
// client's status type leaves out what the API also answers (the account's operations, the failure
// reason): `apiIntentStatus` reads it as the API serves it.
import type { RhinestoneSDK } from '@rhinestone/sdk'
import type { Hex } from 'viem'

export async function finalStatus(
  sdk: RhinestoneSDK,
  id: Parameters<RhinestoneSDK['getIntentStatus']>[0],
): Promise<string> {
  for (;;) {
    const { status } = await sdk.getIntentStatus(id)
    if (status === 'COMPLETED' || status === 'FAILED') return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export type ApiIntentStatus = {
  status: string
  failureReason?: string
  fillTransactionHash?: Hex
  accountOperations?: { kind: string; chainId: number; transactionHash: Hex }[]
  claims?: { chainId: number; status: string; claimTransactionHash?: Hex }[]
}

/** GET /api/v1/intent-operation/{id} with the key, as the API answers it. */
export function apiIntentStatus(api: { baseUrl: string; apiKey: string }) {
  return async (id: bigint | string): Promise<ApiIntentStatus> => {
    const res = await fetch(`${api.baseUrl}/api/v1/intent-operation/${id}`, { headers: { 'x-api-key': api.apiKey } })
    return (await res.json()) as ApiIntentStatus
  }
}
