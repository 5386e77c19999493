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
      const text = await res.text()
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
      return { status: res.status, headers: res.headers, body: body as any }
    },
  }
}
