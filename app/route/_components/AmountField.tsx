'use client'
// A token request's amount: typed in the token's units, or MAX — the API's max form (no amount),
// so the engine itself works out what can be delivered and the route shows it — with what the
// account holds of the asset, per chain, beside it.
import { FormField } from '@/components/FormField'
import type { TokenInfo } from '@/lib/core/tokens/tokens'
import { maxHint } from '@/lib/ui/portfolio/availableBalance'
import { useAvailableBalance } from '@/lib/ui/portfolio/useAvailableBalance'
import { amountCheck } from '@/lib/ui/route/amountCheck'
import type { TokenRequestDraft } from '@/lib/ui/route/routeForm'
import { baseUnits } from '@/lib/ui/route/routeRequestBody'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { chainName } from '@/lib/ui/shared/tokenAmount'
import { formatUsd, usdCents } from '@/lib/ui/shared/usdValue'
import { AvailableBalance } from './AvailableBalance'

export type AmountFieldProps = {
  state: RouteFormState
  index: number
  request: TokenRequestDraft
  token: TokenInfo | undefined
  /** Only one request may ask for the maximum. */
  maxTakenElsewhere: boolean
  onChange: (field: string, patch: Partial<TokenRequestDraft>) => void
}

export function AmountField({ state, index, request, token, maxTakenElsewhere, onChange }: AmountFieldProps) {
  const { form, errorFor } = state
  const holdings = useAvailableBalance(form.account, token, form.access, form.funding)
  const symbol = token?.symbol ?? 'token'
  const known = holdings.status === 'ready' ? holdings.balance : undefined
  const hint = maxHint({
    asset: known?.asset ?? token?.extensions.group ?? symbol,
    locked: known?.locked ?? 0n,
    unlocked: known?.unlocked ?? 0n,
    includesNative: known?.includesNative ?? token?.extensions.group === 'ETH',
  })

  // Balance truth as the amount is typed: more than any route can draw, or already on the destination.
  const typed = token && !request.max ? baseUnits(request.amount, token) : undefined
  const usd =
    holdings.status === 'ready' && holdings.usdPrice && token && typeof typed === 'bigint' && typed > 0n
      ? formatUsd(usdCents(typed, token.decimals, holdings.usdPrice))
      : undefined
  const check =
    known && token && typeof typed === 'bigint'
      ? amountCheck(known, {
          amount: typed,
          destinationChainId: form.destinationChainId,
          destinationChainName: chainName(form.destinationChainId),
          symbol: token.symbol,
        })
      : undefined

  return (
    <>
      <FormField
        label={`Amount${token ? ` (${symbol})` : ''}`}
        error={errorFor(`tokenRequests.${index}.amount`)}
        help={request.max ? hint : `In ${symbol} units, e.g. 1,000.5${usd ? ` (about ${usd})` : ''}.`}
      >
        {(p) => (
          <div className="flex min-w-0 gap-2">
            <input
              {...p}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              value={request.max ? '' : request.amount}
              disabled={request.max}
              placeholder={request.max ? 'max' : '0.0'}
              onChange={(e) => onChange('amount', { amount: e.target.value })}
            />
            {usd && (
              <span
                className="self-center text-sm whitespace-nowrap text-zinc-600 tabular-nums dark:text-zinc-400"
                data-testid="amount-usd"
                aria-hidden="true"
              >
                ≈ {usd}
              </span>
            )}
            <button
              type="button"
              aria-pressed={request.max}
              disabled={maxTakenElsewhere}
              title={
                maxTakenElsewhere
                  ? 'Another request already asks for the maximum.'
                  : 'Send everything the route can draw, less the fees'
              }
              onClick={() => onChange('amount', { max: !request.max })}
              className="shrink-0 rounded-lg border border-zinc-300 px-3 text-xs font-semibold tracking-wide focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:border-zinc-700"
            >
              MAX
            </button>
          </div>
        )}
      </FormField>
      <div className="grid gap-2 sm:col-span-2">
        {check && (
          <p
            className={`rounded-lg p-3 text-sm ${check.kind === 'too-much' ? 'bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100' : 'bg-sky-50 text-sky-950 dark:bg-sky-950/40 dark:text-sky-100'}`}
            data-testid="amount-check"
            data-kind={check.kind}
          >
            {check.message}
          </p>
        )}
        <AvailableBalance query={holdings} />
      </div>
    </>
  )
}
