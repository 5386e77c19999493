'use client'
// The "From" side: the account's holdings of the requested asset, per chain and token, with their
// icons, balances (unlocked and locked) and USD value; ticking some limits the route to them (none
// ticked: any, the cheapest route), and the funds may be limited to locked or unlocked ones.
import { ChainIcon, TokenIcon } from '@/components/ChainIcon'
import { FormField } from '@/components/FormField'
import { fieldStyles } from '@/components/fieldStyles'
import { useAvailableBalance } from '@/lib/ui/portfolio/useAvailableBalance'
import type { FormFunding } from '@/lib/ui/route/routeForm'
import { tokenOf } from '@/lib/ui/route/routeForm'
import { anySource, isPicked, toggleSource } from '@/lib/ui/route/sourcePicker'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatUsd, usdCents } from '@/lib/ui/shared/usdValue'

const fundingLabels: Record<FormFunding, string> = {
  '': 'Locked or unlocked, whichever is cheaper',
  COMPACT: 'Only funds locked in The Compact',
  PERMIT2: 'Only unlocked funds',
}

export function FromFields({ state }: { state: RouteFormState }) {
  const { form, update, errorFor } = state
  const first = form.tokenRequests[0]
  const token = first ? tokenOf(form, first.token) : undefined
  const holdings = useAvailableBalance(form.account, token, form.access, form.funding)
  const setAccess = (change: (access: typeof form.access) => typeof form.access) =>
    update(['accountAccessList.chainIds', 'accountAccessList.tokens'], (f) => ({ ...f, access: change(f.access) }))
  const picked = form.access.chainIds.length > 0

  return (
    <fieldset
      className="grid gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="from-fields"
    >
      <legend className="px-1 text-sm font-medium">From</legend>
      {holdings.status !== 'ready' ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {holdings.status === 'loading'
            ? 'Reading the account’s balances…'
            : 'Enter an account to choose where the funds come from.'}
        </p>
      ) : holdings.balance.chains.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          This account holds no {holdings.balance.asset} to draw on.
        </p>
      ) : (
        <>
          <p className={fieldStyles.help}>
            Tick where the route may draw {holdings.balance.asset} from; none ticked: any of them, the cheapest route.
          </p>
          <ul className="grid gap-1" aria-label={`Draw ${holdings.balance.asset} from`}>
            {holdings.balance.chains.map((c) => {
              const total = c.amounts.unlocked + c.amounts.locked
              const amount = (v: bigint) => formatAmount(v, holdings.balance.decimals)
              return (
                <li key={`${c.chainId}:${c.tokenSymbol}`} data-source={`${c.chainId}:${c.tokenSymbol}`}>
                  <label className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-1.5 text-sm has-checked:bg-indigo-50 has-focus-visible:outline-2 has-focus-visible:outline-indigo-600 dark:has-checked:bg-indigo-950">
                    <input
                      type="checkbox"
                      className="accent-indigo-600"
                      checked={isPicked(form.access, c)}
                      onChange={() => setAccess((a) => toggleSource(a, c, holdings.balance.chains))}
                    />
                    <span className="inline-flex min-w-32 items-center gap-1.5">
                      <ChainIcon chainId={c.chainId} />
                      {c.chainName}
                    </span>
                    <span className="inline-flex items-center gap-1.5 font-medium">
                      <TokenIcon symbol={c.tokenSymbol} />
                      {c.tokenSymbol}
                    </span>
                    <span className="ml-auto text-right tabular-nums">
                      {c.amounts.unlocked > 0n && `${amount(c.amounts.unlocked)}`}
                      {c.amounts.unlocked > 0n && c.amounts.locked > 0n && ' · '}
                      {c.amounts.locked > 0n && `${amount(c.amounts.locked)} locked`}
                      {holdings.usdPrice && (
                        <span className="text-zinc-600 dark:text-zinc-400">
                          {' '}
                          ({formatUsd(usdCents(total, holdings.balance.decimals, holdings.usdPrice))})
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
          {picked && (
            <button type="button" className="justify-self-start text-sm underline" onClick={() => setAccess(anySource)}>
              Any source
            </button>
          )}
        </>
      )}
      <FormField
        label="Funds"
        error={errorFor('options.fundingMethod')}
        help="A route draws either on funds locked in The Compact or on unlocked funds, never both."
      >
        {(p) => (
          <select
            {...p}
            value={form.funding}
            onChange={(e) =>
              update(['options.fundingMethod'], (f) => ({ ...f, funding: e.target.value as FormFunding }))
            }
          >
            {(Object.keys(fundingLabels) as FormFunding[]).map((k) => (
              <option key={k} value={k}>
                {fundingLabels[k]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </fieldset>
  )
}
