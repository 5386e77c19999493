'use client'
import { FormField } from '@/components/FormField'
// The request's options: which settlement layers may carry funds (none ticked: any), which fees a
// sponsor pays, the token the account's share is charged in, and topping up The Compact.
import { fieldStyles } from '@/components/fieldStyles'
import { layerLabel } from '@/lib/core/route/settlementLayers'
import { toggleValue } from '@/lib/ui/portfolio/portfolioParams'
import { feeTokenChoices, formSettlementLayers, type SponsorDraft } from '@/lib/ui/route/routeForm'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { ChipGroup } from './ChipGroup'

const sponsorNames: Record<keyof SponsorDraft, string> = {
  gas: 'Gas',
  bridge: 'Bridge fees',
  protocol: 'Protocol fees',
}

export function OptionFields({ state }: { state: RouteFormState }) {
  const { form, update, errorFor } = state
  const { source } = useApiKey()
  return (
    <>
      <ChipGroup legend="Allowed settlement layers (none ticked: any)" error={errorFor('options.settlementLayers')}>
        {formSettlementLayers.map((layer) => (
          <label key={layer} className={fieldStyles.chip}>
            <input
              type="checkbox"
              className="accent-indigo-600"
              checked={form.settlementLayers.includes(layer)}
              onChange={() =>
                update(['options.settlementLayers'], (f) => ({
                  ...f,
                  settlementLayers: toggleValue(f.settlementLayers, layer),
                }))
              }
            />
            {layerLabel(layer)}
          </label>
        ))}
      </ChipGroup>
      <ChipGroup
        legend="A sponsor pays"
        help={
          source === 'app'
            ? "Sponsoring needs a key with the routes:sponsor scope; the dashboard's own key never has it."
            : undefined
        }
        error={errorFor('options.sponsorSettings')}
      >
        {(Object.keys(sponsorNames) as (keyof SponsorDraft)[]).map((part) => (
          <label key={part} className={fieldStyles.chip}>
            <input
              type="checkbox"
              className="accent-indigo-600"
              checked={form.sponsor[part]}
              onChange={(e) =>
                update(['options.sponsorSettings'], (f) => ({
                  ...f,
                  sponsor: { ...f.sponsor, [part]: e.target.checked },
                }))
              }
            />
            {sponsorNames[part]}
          </label>
        ))}
      </ChipGroup>
      <FormField
        label="Fee token"
        error={errorFor('options.feeToken')}
        help="The asset your share of the fees is charged in."
      >
        {(p) => (
          <select
            {...p}
            value={form.feeToken}
            onChange={(e) => update(['options.feeToken'], (f) => ({ ...f, feeToken: e.target.value }))}
          >
            <option value="">Default: the first requested token</option>
            {feeTokenChoices.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  )
}
