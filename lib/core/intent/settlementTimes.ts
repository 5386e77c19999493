// How long submitted intents took to settle (submit → COMPLETED), per destination chain: the
// measured side of the dashboard's ETA. Nearest-rank percentiles over the samples given.

export type SettlementSample = { destinationChainId: number; seconds: number }
export type SettlementTimes = { chainId: number; samples: number; p50Seconds: number; p90Seconds: number }

/** The nearest-rank percentile `p` (0–100] of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]
  if (value === undefined) throw new Error(`percentile ${p} of no values`)
  return value
}

export function summariseSettlementTimes(samples: readonly SettlementSample[]): SettlementTimes[] {
  const byChain = new Map<number, number[]>()
  for (const s of samples)
    if (Number.isFinite(s.seconds) && s.seconds >= 0)
      byChain.set(s.destinationChainId, [...(byChain.get(s.destinationChainId) ?? []), s.seconds])
  return [...byChain]
    .sort(([a], [b]) => a - b)
    .map(([chainId, values]) => {
      const sorted = [...values].sort((a, b) => a - b)
      const round = (v: number) => Math.round(v * 10) / 10
      return {
        chainId,
        samples: sorted.length,
        p50Seconds: round(percentile(sorted, 50)),
        p90Seconds: round(percentile(sorted, 90)),
      }
    })
}
