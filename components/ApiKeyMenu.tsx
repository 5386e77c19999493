'use client'
// The header's API key control: says which key the page sends and lets the reader paste their own.
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { ApiKeyForm } from './ApiKeyForm'
import { buttonStyles } from './buttonStyles'
import { Popover } from './Popover'

const badge = { user: 'yours', app: 'app', none: 'none' } as const

export function ApiKeyMenu() {
  const { source } = useApiKey()
  return (
    <Popover
      label="API key"
      buttonClassName={buttonStyles.secondary}
      button={
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 sm:hidden">
            <circle cx="7" cy="10" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" d="M10.2 10H17m-2.5 0v2.5" />
          </svg>
          {/* The words stay in the accessible name on phones, where only the icon shows. */}
          <span className="max-sm:sr-only">API key</span>
          <span
            className={`rounded-full px-1.5 py-0.5 text-[11px] font-semibold ${source === 'user' ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100' : source === 'app' ? 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'}`}
          >
            <span className="sr-only">: </span>
            {badge[source]}
          </span>
        </>
      }
    >
      {(close) => <ApiKeyForm onDone={close} />}
    </Popover>
  )
}
