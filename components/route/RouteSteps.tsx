// Where the reader is in the route's life: Requirements → Sign → Submit → Track. It stays on
// screen while the inspector scrolls; each step links to its part of the page.
export type RouteStepsProps = {
  /** Token requirements still open (approvals, wraps); Sign waits for them. */
  requirementsOpen: number
  signed: boolean
}

type StepState = 'done' | 'current' | 'waiting'

export function RouteSteps({ requirementsOpen, signed }: RouteStepsProps) {
  const steps: { label: string; href: string; state: StepState; note: string }[] = [
    {
      label: 'Requirements',
      href: '#requirements',
      state: requirementsOpen > 0 ? 'current' : 'done',
      note: requirementsOpen > 0 ? `${requirementsOpen} open` : 'none open',
    },
    { label: 'Sign', href: '#sign', state: requirementsOpen > 0 ? 'waiting' : signed ? 'done' : 'current', note: requirementsOpen > 0 ? 'after the requirements' : signed ? 'signed' : 'ready' },
    { label: 'Submit', href: '#submit', state: signed ? 'current' : 'waiting', note: signed ? 'ready' : 'after signing' },
    { label: 'Track', href: '#submit', state: 'waiting', note: 'after submitting' },
  ]
  return (
    <nav aria-label="Route steps" className="sticky top-0 z-10 -mx-1 rounded-xl border border-zinc-200 bg-white/95 px-1 py-2 shadow-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
      <ol className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
        {steps.map((s, i) => (
          <li key={s.label} data-step={s.label} data-state={s.state}>
            <a
              href={s.href}
              aria-current={s.state === 'current' ? 'step' : undefined}
              className={`flex flex-col items-center rounded-lg px-1 py-1 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                s.state === 'current'
                  ? 'bg-indigo-50 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100'
                  : s.state === 'done'
                    ? 'text-emerald-800 dark:text-emerald-300'
                    : 'text-zinc-600 dark:text-zinc-400'
              }`}
            >
              <span>
                <span aria-hidden="true">{s.state === 'done' ? '✓ ' : `${i + 1}. `}</span>
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
