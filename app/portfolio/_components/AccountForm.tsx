'use client'
// Which account to show: any address typed in, or (left empty) the connected wallet's. The API
// judges the address, and its message, which names the field, is shown at the field.
import { type FormEvent, useId, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'

export type AccountFormProps = {
  address: string | undefined
  wallet: string | undefined
  error: string | undefined
  onSubmit: (address: string | undefined) => void
}

export function AccountForm({ address, wallet, error, onSubmit }: AccountFormProps) {
  const [draft, setDraft] = useState(address ?? '')
  const inputId = useId()
  const helpId = useId()
  const errorId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit(draft.trim() || undefined)
  }

  return (
    <form onSubmit={submit} className="grid content-start gap-2" aria-label="Account">
      <label htmlFor={inputId} className="font-medium">
        Account address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          name="address"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={wallet ? `Your wallet: ${wallet}` : '0x…'}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${helpId}` : helpId}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:bg-zinc-950 ${error ? 'border-red-600' : 'border-zinc-300 dark:border-zinc-700'}`}
        />
        <button type="submit" className={buttonStyles.primary}>
          Show balances
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          <span className="font-semibold">Check the account address.</span> {error}
        </p>
      )}
      <p id={helpId} className="text-sm text-zinc-600 dark:text-zinc-400">
        Any EVM address. Leave it empty to show the connected wallet.
      </p>
      {address && wallet && (
        <button
          type="button"
          className={`${buttonStyles.quiet} justify-self-start -ml-3`}
          onClick={() => onSubmit(undefined)}
        >
          Show my wallet instead
        </button>
      )}
    </form>
  )
}
