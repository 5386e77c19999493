'use client'
// Where the tokens should arrive and which: the destination chain, then each token request — a
// token of that chain, an amount in its own units or MAX (at most one request), beside what the
// account holds of it.
import { buttonStyles } from '@/components/buttonStyles'
import { FormField } from '@/components/FormField'
import { fieldStyles } from '@/components/fieldStyles'
import { chains } from '@/lib/core/chains/chains'
import { tokensOnChain } from '@/lib/core/tokens/tokens'
import { emptyTokenRequest, formLimits, tokenOf, withDestination } from '@/lib/ui/route/routeForm'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { AmountField } from './AmountField'

export function DestinationFields({ state }: { state: RouteFormState }) {
  const { form, update, errorFor } = state
  const options = tokensOnChain(form.destinationChainId)
  const maxTaken = form.tokenRequests.findIndex((r) => r.max)
  const setRequest = (i: number, field: string, patch: Partial<(typeof form.tokenRequests)[number]>) =>
    update([`tokenRequests.${i}.${field}`, 'tokenRequests'], (f) => ({
      ...f,
      tokenRequests: f.tokenRequests.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    }))

  return (
    <div className="grid gap-4">
      <FormField label="Destination chain" error={errorFor('destinationChainId')} help="Where the tokens arrive.">
        {(p) => (
          <select
            {...p}
            value={form.destinationChainId}
            onChange={(e) => update(['destinationChainId'], (f) => withDestination(f, Number(e.target.value)))}
          >
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.id})
              </option>
            ))}
          </select>
        )}
      </FormField>

      {form.tokenRequests.length === 0 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="no-token-requests">
          No tokens move: the account runs its calls on {chains.find((c) => c.id === form.destinationChainId)?.name} and
          pays the fee from what it holds there.
        </p>
      )}
      {form.tokenRequests.map((r, i) => {
        const token = tokenOf(form, r.token)
        return (
          <fieldset
            key={r.key}
            className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)] dark:border-zinc-800"
            data-request={i}
          >
            <legend className="px-1 text-sm font-medium">Token request {i + 1}</legend>
            <FormField label="Token" error={errorFor(`tokenRequests.${i}.tokenAddress`)}>
              {(p) => (
                <select
                  {...p}
                  value={r.token}
                  onChange={(e) => setRequest(i, 'tokenAddress', { token: e.target.value })}
                >
                  {options.map((t) => (
                    <option key={t.address} value={t.address}>
                      {t.symbol}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <AmountField
              state={state}
              index={i}
              request={r}
              token={token}
              maxTakenElsewhere={maxTaken !== -1 && maxTaken !== i}
              onChange={(field, patch) => setRequest(i, field, patch)}
            />
            {form.tokenRequests.length > 1 && (
              <button
                type="button"
                className={`${buttonStyles.quiet} justify-self-end sm:col-span-2`}
                onClick={() => update([], (f) => ({ ...f, tokenRequests: f.tokenRequests.filter((_, j) => j !== i) }))}
              >
                Remove request {i + 1}
              </button>
            )}
          </fieldset>
        )
      })}
      {errorFor('tokenRequests') && <p className={fieldStyles.error}>{errorFor('tokenRequests')}</p>}
      {form.tokenRequests.length < Math.min(formLimits.tokenRequests, options.length) && (
        <button
          type="button"
          className={`${buttonStyles.secondary} justify-self-start`}
          onClick={() =>
            update([], (f) => ({
              ...f,
              tokenRequests: [
                ...f.tokenRequests,
                emptyTokenRequest(
                  f.destinationChainId,
                  f.tokenRequests.map((x) => x.token),
                ),
              ],
            }))
          }
        >
          Add a token
        </button>
      )}
    </div>
  )
}
