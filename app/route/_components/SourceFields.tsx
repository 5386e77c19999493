'use client'
// The account access list: which chains and tokens the route may draw on (none ticked: all), and
// which it must never touch.
import { fieldStyles } from '@/components/fieldStyles'
import { chains } from '@/lib/core/chains/chains'
import { toggleValue } from '@/lib/ui/portfolio/portfolioParams'
import { accessListSymbols, type RouteForm } from '@/lib/ui/route/routeForm'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { ChipGroup } from './ChipGroup'

type Access = RouteForm['access']

export function SourceFields({ state }: { state: RouteFormState }) {
  const { form, update, errorFor } = state
  const set = (field: string, patch: Partial<Access>) =>
    update([field], (f) => ({ ...f, access: { ...f.access, ...patch } }))
  const chainChips = (legend: string, key: 'chainIds' | 'excludeChainIds', field: string) => (
    <ChipGroup legend={legend} error={errorFor(field)}>
      {chains.map((c) => (
        <label key={c.id} className={fieldStyles.chip}>
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={form.access[key].includes(c.id)}
            onChange={() => set(field, { [key]: toggleValue(form.access[key], c.id) })}
          />
          {c.name}
        </label>
      ))}
    </ChipGroup>
  )
  const tokenChips = (legend: string, key: 'tokens' | 'excludeTokens', field: string) => (
    <ChipGroup legend={legend} error={errorFor(field)}>
      {accessListSymbols.map((symbol) => (
        <label key={symbol} className={fieldStyles.chip}>
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={form.access[key].includes(symbol)}
            onChange={() => set(field, { [key]: toggleValue(form.access[key], symbol) })}
          />
          {symbol}
        </label>
      ))}
    </ChipGroup>
  )
  return (
    <>
      {chainChips('Use only these chains', 'chainIds', 'accountAccessList.chainIds')}
      {tokenChips('Use only these tokens', 'tokens', 'accountAccessList.tokens')}
      {chainChips('Never use these chains', 'excludeChainIds', 'accountAccessList.exclude.chainIds')}
      {tokenChips('Never use these tokens', 'excludeTokens', 'accountAccessList.exclude.tokens')}
    </>
  )
}
