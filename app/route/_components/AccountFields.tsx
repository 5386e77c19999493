'use client'
// Who pays: the account (the connected wallet by default, as an EOA) and its type. The recipient
// is on the transfer form itself (RecipientField).
import { FormField } from '@/components/FormField'
import { type AccountType, accountTypes } from '@/lib/ui/route/routeForm'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { AddressField } from './AddressField'

const typeNames: Record<AccountType, string> = {
  EOA: 'EOA (a plain wallet)',
  smartAccount: 'Smart account',
  ERC7579: 'ERC-7579 account',
  GENERIC: 'Generic',
}

export function AccountFields({ state }: { state: RouteFormState }) {
  const { form, update, errorFor, wallet } = state
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)]">
      <AddressField
        label="Account"
        error={errorFor('account.address')}
        help={
          wallet && form.account === wallet
            ? 'Your connected wallet.'
            : 'The account that pays: any address. Connect a wallet to sign.'
        }
        placeholder="0x…"
        value={form.account}
        onChange={(account) => update(['account.address'], (f) => ({ ...f, account }))}
      />
      <FormField label="Account type" error={errorFor('account.accountType')}>
        {(p) => (
          <select
            {...p}
            value={form.accountType}
            onChange={(e) =>
              update(['account.accountType'], (f) => ({ ...f, accountType: e.target.value as AccountType }))
            }
          >
            {accountTypes.map((t) => (
              <option key={t} value={t}>
                {typeNames[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  )
}
