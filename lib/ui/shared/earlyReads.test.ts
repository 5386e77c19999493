import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { routeHistoryPath } from '../../api/client/routeApi'
import { sessionPath } from '../../api/client/siweSession'
import { EARLY_READ_MAX_AGE_MS, earlyReadKey, earlyReadScript, takeEarlyRead } from './earlyReads'

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

describe('takeEarlyRead', () => {
  it('answers the same path and key once, then leaves it to fetch', async () => {
    const reads = { [earlyReadKey('/api/v1/x', 'k')]: { at: 1_000, response: Promise.resolve(json({ a: 1 })) } }
    const fetchFn = takeEarlyRead('/api/v1/x', 'k', { now: 1_500, reads })!
    expect(await (await fetchFn('/api/v1/x')).json()).toEqual({ a: 1 })
    expect(reads).toEqual({})
    expect(takeEarlyRead('/api/v1/x', 'k', { now: 1_500, reads })).toBeUndefined()
  })

  it('never answers another key, another path, or an old read', () => {
    const reads = () => ({ [earlyReadKey('/api/v1/x', 'k')]: { at: 1_000, response: Promise.resolve(json({})) } })
    expect(takeEarlyRead('/api/v1/x', 'other', { now: 1_000, reads: reads() })).toBeUndefined()
    expect(takeEarlyRead('/api/v1/x', undefined, { now: 1_000, reads: reads() })).toBeUndefined()
    expect(takeEarlyRead('/api/v1/y', 'k', { now: 1_000, reads: reads() })).toBeUndefined()
    expect(takeEarlyRead('/api/v1/x', 'k', { now: 1_001 + EARLY_READ_MAX_AGE_MS, reads: reads() })).toBeUndefined()
  })

  it('gives up when the caller aborts, even if the early answer never comes', async () => {
    const reads = { [earlyReadKey('/p', undefined)]: { at: 0, response: new Promise<Response>(() => {}) } }
    const controller = new AbortController()
    const pending = takeEarlyRead('/p', undefined, { now: 0, reads })!('/p', { signal: controller.signal })
    controller.abort(new Error('timeout'))
    await expect(pending).rejects.toThrow('timeout')
  })
})

describe('earlyReadScript', () => {
  const run = async (script: string, search: string, session: unknown) => {
    const requests: { path: string; headers: Record<string, string> }[] = []
    const window: Record<string, unknown> = {}
    const fetch = vi.fn(async (path: string, init: { headers: Record<string, string> }) => {
      requests.push({ path, headers: init.headers })
      return path === sessionPath ? json(session) : json({ routes: [], nextCursor: null })
    })
    runInNewContext(script, { window, fetch, location: { search }, URLSearchParams, Date, JSON })
    await new Promise((r) => setTimeout(r, 10))
    return { requests, reads: window.__irEarlyReads as Record<string, unknown> }
  }
  const address = '0x000000000000000000000000000000000000dEaD'

  it('reads the session without a key', async () => {
    const { requests, reads } = await run(earlyReadScript(), `?address=${address}`, { address, expiresAt: null })
    expect(requests).toEqual([{ path: sessionPath, headers: { accept: 'application/json' } }])
    expect(Object.keys(reads)).toEqual([earlyReadKey(sessionPath, undefined)])
  })

  it("reads the history page the page would ask for, only for the signed-in wallet's own address", async () => {
    const signedIn = await run(earlyReadScript({ historyKey: 'pk_<x>' }), `?address=${address.toLowerCase()}`, {
      address,
      expiresAt: null,
    })
    const path = routeHistoryPath(address.toLowerCase())
    expect(signedIn.requests[1]).toEqual({ path, headers: { accept: 'application/json', 'x-api-key': 'pk_<x>' } })
    expect(Object.keys(signedIn.reads)).toContain(earlyReadKey(path, 'pk_<x>'))
    const other = await run(earlyReadScript({ historyKey: 'pk' }), `?address=${address}`, {
      address: `0x${'1'.repeat(40)}`,
      expiresAt: null,
    })
    expect(other.requests.map((r) => r.path)).toEqual([sessionPath])
    const none = await run(earlyReadScript({ historyKey: 'pk' }), `?address=${address}`, {
      address: null,
      expiresAt: null,
    })
    expect(none.requests.map((r) => r.path)).toEqual([sessionPath])
  })

  it('cannot be closed early by the key it carries', () => {
    expect(earlyReadScript({ historyKey: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
