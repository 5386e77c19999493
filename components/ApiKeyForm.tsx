'use client'
// Paste your own API key: it is kept in this tab only and sent instead of the app's key.
import { type FormEvent, useId, useState } from 'react'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { buttonStyles } from './buttonStyles'

export function ApiKeyForm({ onDone }: { onDone?: () => void }) {
  const { source, hasAppKey, setUserKey } = useApiKey()
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const helpId = useId()

  const save = (e: FormEvent) => {
    e.preventDefault()
    if (!draft.trim()) return
    setUserKey(draft)
    setDraft('')
    onDone?.()
  }

  return (
    <form onSubmit={save} className="grid gap-2">
      <p className="text-zinc-700 dark:text-zinc-300">
        {source === 'user'
          ? 'Using your API key.'
          : hasAppKey
            ? 'Using the app’s built-in key for this page.'
            : 'This deployment gives the page no key: paste one to read balances.'}
      </p>
      <label htmlFor={inputId} className="font-medium">
        Your API key
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        aria-describedby={helpId}
        placeholder="ir_…"
        className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:bg-zinc-950"
      />
      <p id={helpId} className="text-xs text-zinc-600 dark:text-zinc-400">
        Kept in this browser tab only (session storage) and sent as <code>x-api-key</code> to this app’s API. It takes
        precedence over the app’s key until you forget it or close the tab.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={!draft.trim()}>
          Use this key
        </button>
        {source === 'user' && (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              setUserKey(undefined)
              onDone?.()
            }}
          >
            Forget my key
          </button>
        )}
      </div>
    </form>
  )
}
