'use client'
// The request exactly as it will be sent, beside the form, and the same as a curl command. The
// command names the key $API_KEY: the page's own key never leaves it.
import { useState } from 'react'
import { CopyButton } from '@/components/CopyButton'
import { routePath } from '@/lib/api/client/routeApi'
import { curlCommand } from '@/lib/ui/route/curlCommand'
import type { BuiltRequest } from '@/lib/ui/route/routeRequestBody'

const tab =
  'rounded-md px-2.5 py-1 text-sm font-medium aria-pressed:bg-zinc-900 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-indigo-600 dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900'

export function RequestPreview({ built }: { built: BuiltRequest }) {
  const [view, setView] = useState<'json' | 'curl'>('json')
  const problems = Object.keys(built.errors).length
  const json = JSON.stringify(built.body, null, 2)
  const curl = () => curlCommand({ url: `${window.location.origin}${routePath}`, method: 'POST', body: built.body })
  return (
    <section
      aria-labelledby="request-heading"
      className="grid min-w-0 content-start gap-3 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="request-heading" className="font-semibold">
          Request
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800" aria-label="Show the request as">
          <button type="button" className={tab} aria-pressed={view === 'json'} onClick={() => setView('json')}>
            JSON
          </button>
          <button type="button" className={tab} aria-pressed={view === 'curl'} onClick={() => setView('curl')}>
            curl
          </button>
        </fieldset>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="request-status">
        POST <code className="font-mono">{routePath}</code>
        {problems > 0
          ? ` · ${problems} ${problems === 1 ? 'field needs' : 'fields need'} attention before it can be sent`
          : ' · ready to send'}
      </p>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names the focusable scroll region below for screen readers */}
      <pre
        className="max-h-[32rem] overflow-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-950"
        data-testid="request-preview"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label={view === 'json' ? 'Request JSON' : 'curl command'}
      >
        {view === 'json' ? json : curl()}
      </pre>
      <div className="flex flex-wrap gap-2">
        <CopyButton label="Copy JSON" text={() => json} />
        <CopyButton label="Copy as curl" text={curl} />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        The curl command reads your key from the <code>API_KEY</code> environment variable.
      </p>
    </section>
  )
}
