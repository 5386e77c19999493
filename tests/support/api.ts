// A small HTTP client for the service under test.
import { inject } from 'vitest'

export function api() {
  const baseUrl = inject('baseUrl')
  const apiKey = inject('apiKey')
  return {
    baseUrl,
    apiKey,
    async get(path: string, init: { key?: string | null; method?: string; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { ...init.headers }
      const key = init.key === undefined ? apiKey : init.key
      if (key !== null) headers['x-api-key'] = key
      const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers })
      return { status: res.status, headers: res.headers, body: await responseBody(res) }
    },
    /** POSTs `body` as JSON (a string goes as it is) with the suite's key. */
    postJson(path: string, body: unknown) {
      return fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
    },
  }
}

/** A response's body as JSON, or its text when it is not JSON (an error page, an empty answer). */
export async function responseBody(res: Response): Promise<any> {
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
