// Where the reader is in the route's life: Requirements → Sign → Submit → Track, read from the one
// RoutePhase the whole inspector follows. It stays on screen while the inspector scrolls; each step
// links to its part of the page.
import type { RoutePhase, StepState } from '@/lib/ui/route/routePhase'
import { routeSteps } from '@/lib/ui/route/routePhase'

export type RouteStepsProps = {
  phase: RoutePhase
  /** Token requirements still open (approvals, wraps); Sign waits for them. */
  requirementsOpen: number
}

const style: Record<StepState, string> = {
  current: 'bg-indigo-50 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
  done: 'text-emerald-800 dark:text-emerald-300',
  failed: 'text-red-800 dark:text-red-300',
  closed: 'text-zinc-600 line-through decoration-1 dark:text-zinc-400',
  waiting: 'text-zinc-600 dark:text-zinc-400',
}

export function RouteSteps({ phase, requirementsOpen }: RouteStepsProps) {
  const steps = routeSteps(phase, requirementsOpen)
  return (
    <nav
      aria-label="Route steps"
      className="sticky top-0 z-10 -mx-1 rounded-xl border border-zinc-200 bg-white/95 px-1 py-2 shadow-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <ol className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
        {steps.map((s, i) => (
          <li key={s.label} data-step={s.label} data-state={s.state}>
            <a
              href={s.href}
              aria-current={s.state === 'current' ? 'step' : undefined}
              className={`flex flex-col items-center rounded-lg px-1 py-1 focus-visible:outline-2 focus-visible:outline-indigo-600 ${style[s.state]}`}
            >
              <span>
                <span aria-hidden="true">{s.state === 'done' ? '✓ ' : s.state === 'failed' ? '✗ ' : `${i + 1}. `}</span>
                {s.label}
              </span>
              <span className="text-[11px] font-normal sm:text-xs">{s.note}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
