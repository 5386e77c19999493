'use client'
import { buttonStyles } from '@/components/buttonStyles'
// Beside the route card: the other routes the planner found for the same request (other sources,
// settlement layers, locked or unlocked funds), each with what it draws, its fee and its ETA;
// "Use this route" sets the form to that choice and asks for it at once.
import { ChainIcon, TokenIcon } from '@/components/ChainIcon'
import { type AlternativeView, describeAlternative } from '@/lib/ui/route/routeAlternatives'
import { formatUsdNumber } from '@/lib/ui/route/routeSummary'
import { formatEta } from '@/lib/ui/route/settlementEta'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'

export type RouteAlternativesProps = {
  alternatives: readonly AlternativeView[]
  /** The form limits sources, layers or funding: only routes within them were planned. */
  restricted: boolean
  busy: boolean
  onChoose: (alternative: AlternativeView) => void
  onAnySource: () => void
}

export function RouteAlternatives({ alternatives, restricted, busy, onChoose, onAnySource }: RouteAlternativesProps) {
  if (alternatives.length === 0) return null
  return (
    <section
      aria-labelledby="alternatives-heading"
      className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="route-alternatives"
    >
      <h2 id="alternatives-heading" className="text-sm font-semibold">
        Other routes
      </h2>
      {alternatives.length === 1 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          No other route fits {restricted ? 'the sources, layers and funds chosen' : 'this request'}.
        </p>
      )}
      <ul className="grid gap-2">
        {alternatives.map((a) => (
          <li
            key={a.key}
            className={`grid gap-1 rounded-lg p-2 text-sm ${a.chosen ? 'bg-indigo-50 dark:bg-indigo-950/60' : 'bg-zinc-50 dark:bg-zinc-950/60'}`}
            data-alternative={a.key}
            data-chosen={a.chosen}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="rounded-full border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700">
                {a.funding === 'locked' ? 'Locked' : 'Unlocked'}
              </span>
              {a.sources.map((s) => (
                <span
                  key={`${s.chainId}:${s.symbol}:${s.layer}`}
                  className="inline-flex items-center gap-1 tabular-nums"
                >
                  <TokenIcon symbol={s.symbol} />
                  {formatTokenAmount(s)} on <ChainIcon chainId={s.chainId} />
                  {s.chainName}
                </span>
              ))}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="text-zinc-700 tabular-nums dark:text-zinc-300">
                {a.layers.join(', ')} · fee <span data-alternative-fee>{formatUsdNumber(a.feeUsd)}</span> ·{' '}
                <span data-alternative-eta>{formatEta(a.etaSeconds)}</span>
              </span>
              {a.chosen ? (
                <span className="text-xs font-medium text-indigo-800 dark:text-indigo-200">This route</span>
              ) : (
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  disabled={busy}
                  onClick={() => onChoose(a)}
                  aria-label={`Use this route: ${describeAlternative(a)}`}
                >
                  Use this route
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {restricted && (
        <button
          type="button"
          className="justify-self-start text-sm underline disabled:opacity-60"
          disabled={busy}
          onClick={onAnySource}
        >
          Let the route use any source again
        </button>
      )}
    </section>
  )
}
