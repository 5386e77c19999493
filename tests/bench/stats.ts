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

export type Scenario = { name: string; run: () => Promise<unknown>; samples: number[]; trials?: number[][] }

/** Interleaved rounds, order rotated each round, so drift in the machine hits all scenarios alike. */
export async function runInterleaved(
  scenarios: Scenario[],
  warmup: number,
  samples: number,
  onMeasureStart?: () => void,
): Promise<void> {
  for (let round = 0; round < warmup + samples; round++) {
    if (round === warmup) onMeasureStart?.()
    for (let k = 0; k < scenarios.length; k++) {
      const s = scenarios[(round + k) % scenarios.length]!
      const elapsed = await time(s.run)
      if (round >= warmup) s.samples.push(elapsed)
    }
  }
}

/** `trials` interleaved runs of `samples` rounds each (after one warm-up): each scenario keeps its
 * samples per trial, so a ratio can be read per trial as well as over all of them. */
/** Interleaved rounds run before any sample is kept (`BENCH_WARMUP` overrides): V8 optimises the
 * server's and the floor's hot functions over their first few hundred calls, and a server in
 * production has long passed them; fewer rounds measure the JIT warming up. */
export const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP ?? 500)

export async function runTrials(
  scenarios: Scenario[],
  warmup: number,
  samples: number,
  trials: number,
  onMeasureStart?: () => void,
): Promise<void> {
  for (const s of scenarios) s.trials = []
  for (let t = 0; t < trials; t++) {
    const before = scenarios.map((s) => s.samples.length)
    await runInterleaved(scenarios, t === 0 ? warmup : 0, samples, t === 0 ? onMeasureStart : undefined)
    scenarios.forEach((s, i) => {
      s.trials!.push(s.samples.slice(before[i]))
    })
  }
}

/** p50(scenario) / p50(floor), over all samples and per trial. */
export function ratios(scenario: Scenario, floor: Scenario): { all: number; perTrial: number[] } {
  const all = percentile(scenario.samples, 50) / percentile(floor.samples, 50)
  const perTrial = (scenario.trials ?? []).map((t, i) => percentile(t, 50) / percentile(floor.trials![i]!, 50))
  return { all, perTrial }
}

export function ratioLine(label: string, scenario: Scenario, floor: Scenario, target: number): string {
  const { all, perTrial } = ratios(scenario, floor)
  const trials = perTrial.length > 0 ? ` (per trial ${perTrial.map((r) => `${r.toFixed(2)}x`).join(', ')})` : ''
  return `${label} = ${all.toFixed(2)}x${trials} (target <= ${target}x): ${all <= target ? 'PASS' : 'MISS'}`
}

export function table(scenarios: readonly Scenario[], floorP50: number): string[] {
  return [
    `${'scenario'.padEnd(40)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}` +
      `${'mean ms'.padStart(10)}${'p50/floor'.padStart(11)}`,
    ...scenarios.map(({ name, samples }) => {
      const p50 = percentile(samples, 50)
      return (
        `${name.padEnd(40)}${ms(p50)}${ms(percentile(samples, 95))}` +
        `${ms(mean(samples))}${`${(p50 / floorP50).toFixed(2)}x`.padStart(11)}`
      )
    }),
  ]
}

/** The HTTP hop's bound (bareProxy.ts) beside a target: the bare proxy's ratio to the floor, the
 * scenario's ratio to the bare proxy, and the time the target leaves the service beyond the hop
 * against the time it takes (p50s over all trials). With `inProcess` (the service's own reads or
 * engine, called in this process), also that work behind the hop: what the target leaves for the
 * rest of a request (the caller's key, the body, the store, the answer, the log line). */
export function hopLines(
  label: string,
  scenario: Scenario,
  bare: Scenario,
  floor: Scenario,
  target: number,
  inProcess?: Scenario,
): string[] {
  const perTrial = (r: number[]) => r.map((x) => `${x.toFixed(2)}x`).join(', ')
  const p50 = (s: Scenario) => percentile(s.samples, 50)
  const hop = ratios(bare, floor)
  const over = ratios(scenario, bare)
  const floorP50 = p50(floor)
  const budget = target * floorP50
  const left = budget - p50(bare)
  const lines = [
    `bare proxy p50 / floor p50 = ${hop.all.toFixed(2)}x (per trial ${perTrial(hop.perTrial)}): ` +
      'the HTTP hop alone, before any work of the service',
    `${label} = ${over.all.toFixed(2)}x (per trial ${perTrial(over.perTrial)}): ` +
      `the service's own work takes ${(p50(scenario) - p50(bare)).toFixed(2)} ms at p50; ${target}x the floor ` +
      `leaves it ${left.toFixed(2)} ms (${(left / floorP50).toFixed(2)}x the floor)`,
  ]
  if (inProcess) {
    const behindHop = p50(inProcess) + p50(bare) - floorP50
    lines.push(
      `${inProcess.name} behind the hop (its p50 + bare proxy's - floor's) = ` +
        `${(behindHop / floorP50).toFixed(2)}x the floor: ${target}x leaves the rest of a request ` +
        `${(budget - behindHop).toFixed(2)} ms; it takes ${(p50(scenario) - behindHop).toFixed(2)} ms`,
    )
  }
  return lines
}
