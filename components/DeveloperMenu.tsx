'use client'
// The header's developer menu: the API key the page sends (the app's own, or one pasted), the API
// reference and how to get a key. End users never need it; a pasted key shows on the button.
import Link from 'next/link'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { ApiKeyForm } from './ApiKeyForm'
import { buttonStyles } from './buttonStyles'
import { Popover } from './Popover'

// Only what differs from the ordinary case is shown on the button: your own key, or none at all.
const badge = { user: 'your key', app: undefined, none: 'no key' } as const

export function DeveloperMenu() {
  const { source } = useApiKey()
  const note = badge[source]
  return (
    <Popover
      label="Developer"
      buttonClassName={buttonStyles.quiet}
      button={
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="m7 6-4 4 4 4m6-8 4 4-4 4"
            />
          </svg>
          {/* The word stays in the accessible name on phones, where only the icon shows. */}
          <span className="max-sm:sr-only">Developer</span>
          {note && (
            <span
              className={`rounded-full px-1.5 py-0.5 text-[11px] font-semibold ${source === 'user' ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100' : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'}`}
            >
              <span className="sr-only">: </span>
              {note}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <div className="grid gap-3">
          <ApiKeyForm onDone={close} />
          <p className="border-t border-zinc-200 pt-3 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
            <Link className="underline" href="/docs" onClick={close}>
              API reference
            </Link>
            {' · '}
            <Link className="underline" href="/docs#get-a-key" onClick={close}>
              How to get a key
            </Link>
          </p>
        </div>
      )}
    </Popover>
  )
}
