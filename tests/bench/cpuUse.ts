// Where a bench's time went: the CPU seconds each kind of process used between two samples, read
// from /proc (Linux), against what the machine's cores could give in that time, so a figure bound by
// this machine's CPU (or by other work on it) shows as such. Read without spawning anything.
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'

export type CpuSample = {
  at: number
  machine: { busy: number; total: number }
  byPid: Map<number, { kind: string; ticks: number }>
}
export type CpuUse = { seconds: number; busyShare: number; byKind: Map<string, number> }

/** CLK_TCK on Linux. */
const TICKS_PER_SECOND = 100

export const OTHER = 'other (incl. other work on this machine)'
export const APP_SERVER = 'app server'

function kindOf(pid: number, cmdline: string): string {
  if (pid === process.pid) return 'bench (its clients)'
  if (/\banvil\b/.test(cmdline)) return 'anvil nodes'
  if (cmdline.includes('lib/filler/main.ts')) return 'fillers'
  if (cmdline.includes('lib/attester/main.ts')) return 'attester'
  if (/^postgres\b|postgres:/.test(cmdline)) return 'postgres'
  if (/serve\.mjs|next-server|next start|\.next/.test(cmdline)) return APP_SERVER
  return OTHER
}

export function cpuSample(): CpuSample {
  const byPid = new Map<number, { kind: string; ticks: number }>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ticks = Number(fields[11]) + Number(fields[12])
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
      byPid.set(pid, { kind: kindOf(pid, cmdline), ticks })
    } catch {
      // gone meanwhile
    }
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number)
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0)
  const total = cpu.reduce((a, b) => a + b, 0)
  return { at: Date.now(), machine: { busy: total - idle, total }, byPid }
}

export function cpuUse(before: CpuSample, after: CpuSample): CpuUse {
  const byKind = new Map<string, number>()
  for (const [pid, a] of after.byPid) {
    const used = (a.ticks - (before.byPid.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND
    if (used > 0) byKind.set(a.kind, (byKind.get(a.kind) ?? 0) + used)
  }
  const seconds = (after.at - before.at) / 1000
  const busyShare = (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)
  return { seconds, busyShare, byKind }
}

/** The CPU seconds the stack's own processes used (everything but other work on the machine). */
export function stackSeconds(c: CpuUse): number {
  return [...c.byKind].filter(([k]) => k !== OTHER).reduce((a, [, s]) => a + s, 0)
}

/** One line: how busy the machine was, each kind's CPU seconds and share of the cores, and the
 * stack's CPU per `unit` (`count` of them done in the time). */
export function describeCpu(c: CpuUse, count: number, unit: string): string {
  const capacity = c.seconds * cpus().length
  const kinds = [...c.byKind].sort((a, b) => b[1] - a[1])
  const stack = stackSeconds(c)
  return (
    `machine ${(c.busyShare * 100).toFixed(0)}% busy over ${c.seconds.toFixed(1)} s (${cpus().length} cores); ` +
    kinds.map(([k, s]) => `${k} ${s.toFixed(1)} s (${((s / capacity) * 100).toFixed(0)}%)`).join(', ') +
    `; the stack ${stack.toFixed(1)} CPU-s, ${((stack / count) * 1000).toFixed(stack / count < 0.01 ? 2 : 0)} ` +
    `CPU-ms per ${unit}`
  )
}
