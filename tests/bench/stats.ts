// Timing and summary helpers shared by the benchmarks.
import { performance } from 'node:perf_hooks'

export async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

/** Nearest-rank percentile. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export function mean(samples: readonly number[]): number {
  return samples.reduce((a, b) => a + b, 0) / samples.length
}

export function ms(value: number): string {
  return value.toFixed(3).padStart(10)
}

export type Scenario = { name: string; run: () => Promise<unknown>; samples: number[] }

/** Interleaved rounds, order rotated each round, so drift in the machine hits all scenarios alike. */
export async function runInterleaved(scenarios: Scenario[], warmup: number, samples: number, onMeasureStart?: () => void): Promise<void> {
  for (let round = 0; round < warmup + samples; round++) {
    if (round === warmup) onMeasureStart?.()
    for (let k = 0; k < scenarios.length; k++) {
      const s = scenarios[(round + k) % scenarios.length]!
      const elapsed = await time(s.run)
      if (round >= warmup) s.samples.push(elapsed)
    }
  }
}

export function table(scenarios: readonly Scenario[], floorP50: number): string[] {
  return [
    `${'scenario'.padEnd(34)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'mean ms'.padStart(10)}${'p50/floor'.padStart(11)}`,
    ...scenarios.map(({ name, samples }) => {
      const p50 = percentile(samples, 50)
      return `${name.padEnd(34)}${ms(p50)}${ms(percentile(samples, 95))}${ms(mean(samples))}${`${(p50 / floorP50).toFixed(2)}x`.padStart(11)}`
    }),
  ]
}
