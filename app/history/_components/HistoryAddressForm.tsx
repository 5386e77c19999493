'use client'
// Whose routes to list: any address typed in, or (left empty) the connected wallet's.
import { type FormEvent, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { FormField } from '@/components/FormField'

export type HistoryAddressFormProps = {
  address: string | undefined
  wallet: string | undefined
  error: string | undefined
  onSubmit: (address: string | undefined) => void
}

export function HistoryAddressForm({ address, wallet, error, onSubmit }: HistoryAddressFormProps) {
  const [draft, setDraft] = useState(address ?? '')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit(draft.trim() || undefined)
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Account"
      className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField
          label="Account address"
          error={error}
          help="Any EVM address. Leave it empty for the connected wallet."
          className="flex-1"
        >
          {(p) => (
            <input
              {...p}
              className={`${p.className} font-mono`}
              name="address"
              autoComplete="off"
              spellCheck={false}
              value={draft}
              placeholder={wallet ? `Your wallet: ${wallet}` : '0x…'}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className={`${buttonStyles.primary} sm:mt-6`}>
          Show routes
        </button>
      </div>
      {address && wallet && (
        <button
          type="button"
          className={`${buttonStyles.quiet} -ml-3 justify-self-start`}
          onClick={() => {
            setDraft('')
            onSubmit(undefined)
          }}
        >
          Show my wallet’s routes instead
        </button>
      )}
    </form>
  )
}
