// The SDK's waitForExecution returns once the destination is filled (FILLED counts as executed for
// the client); the origin claims come after it. A test that checks the whole settlement waits for
// the final status instead (bounded by the test's own timeout).
import type { RhinestoneSDK } from '@rhinestone/sdk'

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
