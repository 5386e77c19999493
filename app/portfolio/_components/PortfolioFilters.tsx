'use client'
import { buttonStyles } from '@/components/buttonStyles'
// The API's filters as controls: chains, chain:token pairs and "hide empty". No chain or token
// ticked means all of them; chains and tokens together select their intersection, as in the API.
import { chains } from '@/lib/core/chains/chains'
import { tokensOnChain } from '@/lib/core/tokens/tokens'
import { hasFilters, type PortfolioParams, toggleValue } from '@/lib/ui/portfolio/portfolioParams'

export type PortfolioFiltersProps = {
  params: PortfolioParams
  onChange: (next: Partial<PortfolioParams>) => void
  onClear: () => void
}

const chip =
  'inline-flex cursor-pointer items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-indigo-400 has-checked:bg-indigo-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:border-zinc-700 dark:has-checked:border-indigo-500 dark:has-checked:bg-indigo-950'

export function PortfolioFilters({ params, onChange, onClear }: PortfolioFiltersProps) {
  const tokenCount = params.tokens.length
  return (
    <div className="grid content-start gap-4">
      <fieldset>
        <legend className="font-medium">Chains</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {chains.map((c) => (
            <label key={c.id} className={chip}>
              <input
                type="checkbox"
                className="accent-indigo-600"
                checked={params.chainIds.includes(String(c.id))}
                onChange={() => onChange({ chainIds: toggleValue(params.chainIds, String(c.id)) })}
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>

      <details className="group rounded-lg border border-zinc-200 dark:border-zinc-800">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600">
          Tokens{' '}
          <span className="font-normal text-zinc-600 dark:text-zinc-400">
            ({tokenCount ? `${tokenCount} selected` : 'all'})
          </span>
        </summary>
        <div className="grid gap-3 px-3 pb-3 sm:grid-cols-2">
          {chains.map((c) => (
            <fieldset key={c.id}>
              <legend className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
                {c.name}
              </legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {tokensOnChain(c.id).map((t) => {
                  const value = `${c.id}:${t.symbol}`
                  return (
                    <label key={value} className="inline-flex items-center gap-1.5 text-sm">
                      <input
                        type="checkbox"
                        className="accent-indigo-600"
                        checked={params.tokens.includes(value)}
                        onChange={() => onChange({ tokens: toggleValue(params.tokens, value) })}
                      />
                      {t.symbol}
                    </label>
                  )
                })}
              </div>
            </fieldset>
          ))}
        </div>
      </details>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={params.filterEmpty}
            onChange={(e) => onChange({ filterEmpty: e.target.checked })}
          />
          Hide empty balances
        </label>
        {hasFilters(params) && (
          <button type="button" className={buttonStyles.quiet} onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  )
}
