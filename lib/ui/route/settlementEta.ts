// How long a transfer takes to settle: the service's measured median from submission to COMPLETED
// for the destination once it has enough samples, else an estimate from the chains' block times.
import { chains } from '../../core/chains/chains'

/** Settlement times measured by the service (GET /api/v1/settlement-times), per destination chain. */
export type MeasuredTimes = readonly { chainId: number; samples: number; p50Seconds: number }[]

/** A destination's measured median is the ETA once this many intents to it completed in the window. */
export const MEASURED_MIN_SAMPLES = 3

/** Where the ETA comes from: the measured median for the destination, or the block-time estimate. */
export function etaBasis(destinationChainId: number, measured?: MeasuredTimes): { samples: number } | undefined {
  const m = measuredFor(destinationChainId, measured)
  return m ? { samples: m.samples } : undefined
}

/** The destination's measured times when they have enough samples to be the ETA. */
function measuredFor(destinationChainId: number, measured?: MeasuredTimes): MeasuredTimes[number] | undefined {
  const m = measured?.find((t) => t.chainId === destinationChainId)
  return m && m.samples >= MEASURED_MIN_SAMPLES ? m : undefined
}

/** How long settlement takes: the measured median from submission to COMPLETED for the destination
 * when there are enough samples, else an estimate from the chains' block times (a claim on each
 * source chain, then the fill on the destination, each a few blocks). */
export function etaSeconds(
  sourceChainIds: readonly number[],
  destinationChainId: number,
  measured?: MeasuredTimes,
): number {
  const m = measuredFor(destinationChainId, measured)
  if (m) return Math.max(1, Math.ceil(m.p50Seconds))
  const block = (id: number) => chains.find((c) => c.id === id)?.blockTimeMs ?? 12_000
  const claim = Math.max(0, ...sourceChainIds.filter((id) => id !== destinationChainId).map(block))
  return Math.max(1, Math.round((2 * claim + 2 * block(destinationChainId)) / 1000))
}

export function formatEta(seconds: number): string {
  return seconds < 90 ? `≈ ${seconds} s` : `≈ ${Math.round(seconds / 60)} min`
}
