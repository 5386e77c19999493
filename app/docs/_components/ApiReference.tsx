'use client'
// The OpenAPI reference (Scalar), bundled with the app: no CDN, no fonts, no telemetry, no proxy, no
// AI agent (it would call api.scalar.com, which the CSP blocks anyway). "Test request" calls this
// app's own /api/v1 with the key the page uses (pasted or the app's). Runs under the app's strict
// CSP unchanged: Scalar needs no eval, and its inline styles fall under style-src 'unsafe-inline'.
import '@scalar/api-reference-react/style.css'
import dynamic from 'next/dynamic'
import { useEffect, useMemo, useRef } from 'react'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { demoteNestedMain, labelUnnamedControls, referenceCss } from './referenceAccessibility'

// The viewer draws in the browser only (it mounts a Vue app into a div).
const ApiReferenceReact = dynamic(() => import('@scalar/api-reference-react').then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="px-4 py-8 text-sm text-zinc-700 sm:px-6 dark:text-zinc-300">Loading the reference…</p>,
})

export function ApiReference({ document }: { document: Record<string, unknown> }) {
  const { key } = useApiKey()
  const container = useRef<HTMLDivElement>(null)
  const configuration = useMemo(
    () => ({
      content: document,
      baseServerURL: typeof window === 'undefined' ? undefined : window.location.origin,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      // Our own header is the navigation; Scalar's sidebar and search add little for 15 operations.
      showSidebar: false,
      hideSearch: true,
      // The request body and response examples are shown as JSON; generated client snippets are not.
      hiddenClients: true as const,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light' as const,
      documentDownloadType: 'json' as const,
      persistAuth: false,
      customCss: referenceCss,
      authentication: { preferredSecurityScheme: 'apiKey', securitySchemes: { apiKey: { value: key ?? '' } } },
    }),
    [document, key],
  )
  useEffect(() => {
    const root = container.current
    if (!root) return
    const mend = () => {
      demoteNestedMain(root)
      labelUnnamedControls(root)
    }
    const observer = new MutationObserver(mend)
    observer.observe(root, { childList: true, subtree: true })
    mend()
    return () => observer.disconnect()
  }, [])
  return (
    <div ref={container}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  )
}
