// Reads a page starts from its HTML, while its scripts still load (app/_components/EarlyReads.tsx
// writes the starter, earlyReadScript): the sign-in session, and on /history the signed-in
// wallet's own first page of routes. A query takes such an answer once, only for exactly the path
// and key it would send itself, and only within EARLY_READ_MAX_AGE_MS of the page starting it;
// otherwise it reads as usual. The server still checks every request as it always does.
import { routeHistoryPath } from '../../api/client/routeApi'
import { sessionPath } from '../../api/client/siweSession'

/** How old an early answer may be when a query takes it (it is taken while the page hydrates). */
export const EARLY_READ_MAX_AGE_MS = 10_000

type EarlyRead = { at: number; response: Promise<Response> }
type EarlyReads = Record<string, EarlyRead>

const readsKey = '__irEarlyReads'

export const earlyReadKey = (path: string, apiKey: string | undefined) => `${path}\n${apiKey ?? ''}`

/** A fetch for fetchApi that answers `path` (with `apiKey`) from the page's early read, once; undefined
 * when there is none to take. It still honours the caller's abort signal (fetchApi's timeout). */
export function takeEarlyRead(
  path: string,
  apiKey: string | undefined,
  { now = Date.now(), reads = pageReads() }: { now?: number; reads?: EarlyReads | undefined } = {},
): typeof fetch | undefined {
  const key = earlyReadKey(path, apiKey)
  const read = reads?.[key]
  if (!read) return undefined
  delete reads[key]
  if (now - read.at > EARLY_READ_MAX_AGE_MS) return undefined
  let taken = false
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    if (taken) return fetch(input, init)
    taken = true
    const signal = init?.signal
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      read.response.then(resolve, reject)
    })
  }) as typeof fetch
}

function pageReads(): EarlyReads | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as unknown as Record<string, EarlyReads | undefined>)[readsKey]
}

/** The inline script that starts the reads: the session always; with `historyKey` (the dashboard's
 * key, on /history), the first history page of ?address= once the session shows that wallet
 * signed in — the request the page would send itself after hydrating. */
export function earlyReadScript({ historyKey }: { historyKey?: string | undefined } = {}): string {
  const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const placeholder = 'ADDRESS'
  const [historyPrefix, historySuffix] = routeHistoryPath(placeholder).split(placeholder)
  return `(() => {
  const reads = (window[${js(readsKey)}] = {})
  const start = (path, key) => {
    const headers = { accept: 'application/json' }
    if (key) headers['x-api-key'] = key
    const response = fetch(path, { headers, cache: 'no-store' })
    response.catch(() => {})
    reads[path + '\\n' + (key || '')] = { at: Date.now(), response }
    return response
  }
  const session = start(${js(sessionPath)})
  const key = ${js(historyKey ?? null)}
  const address = key ? (new URLSearchParams(location.search).get('address') || '').trim() : ''
  if (!address) return
  session
    .then((r) => (r.ok ? r.clone().json() : null))
    .then((s) => {
      if (s && typeof s.address === 'string' && s.address.toLowerCase() === address.toLowerCase())
        start(${js(historyPrefix)} + encodeURIComponent(address) + ${js(historySuffix)}, key)
    })
    .catch(() => {})
})()`
}
