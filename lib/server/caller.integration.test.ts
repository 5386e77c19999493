// The failed-authentication budget refuses only requests that fail: a burst of bad keys or bad
// sign-ins from one address never locks out a valid key, a session or a sign-in from it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hashApiKey } from '../config/keyHash'
import { ServiceError } from '../core/errors'
import { PEER_HEADER } from './peerHeader'

const VALID = 'a-valid-static-key-of-the-operator'
Object.assign(process.env, {
  RPC_URL_8453: 'http://127.0.0.1:9',
  SIGNER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  API_KEY_SHA256: `ops:${hashApiKey(VALID)}`,
  AUTH_FAILURE_LIMIT: '5/min',
  RATE_LIMIT_STORE: 'memory',
  PGLITE_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'ir-caller-')), 'pglite'),
  // As serve.mjs runs the app: it stamps every request's peer.
  SERVE_STAMPS_PEER: '1',
})
const { requireCaller, withAuthFailureBudget } = await import('./caller')

const context = () => ({ responseHeaders: new Headers(), log: {} })
const from = (address: string, key?: string) =>
  new Request('http://localhost/api/v1/chains', {
    headers: { [PEER_HEADER]: address, ...(key ? { 'x-api-key': key } : {}) },
  })
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) =>
      e instanceof ServiceError ? { unauthenticated: 401, rate_limited: 429, forbidden: 403 }[e.kind as string] : 500,
  )
const badSignIn = () => Promise.reject(new ServiceError('unauthenticated', 'The signature is not theirs'))

describe('the failed-authentication budget', () => {
  it('answers the failures past the budget 429, and still serves a valid key from that address', async () => {
    const statuses = []
    for (let i = 0; i < 8; i++)
      statuses.push(
        await statusOf(
          requireCaller(from('203.0.113.1', `ir_abcdefghij_${'x'.repeat(42)}${i}`), 'portfolio:read', context()),
        ),
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    expect(await statusOf(requireCaller(from('203.0.113.1', VALID), 'portfolio:read', context()))).toBe(200)
  }, 60_000)

  it('keys the budget on address and presented key prefix: ' +
    'another prefix from the same address has its own', async () => {
    for (let i = 0; i < 6; i++)
      await statusOf(
        requireCaller(from('203.0.113.2', `ir_aaaaaaaaaa_${'y'.repeat(42)}${i}`), 'portfolio:read', context()),
      )
    expect(
      await statusOf(
        requireCaller(from('203.0.113.2', `ir_bbbbbbbbbb_${'y'.repeat(43)}`), 'portfolio:read', context()),
      ),
    ).toBe(401)
    expect(
      await statusOf(
        requireCaller(from('203.0.113.2', `ir_aaaaaaaaaa_${'z'.repeat(43)}`), 'portfolio:read', context()),
      ),
    ).toBe(429)
  }, 60_000)

  it('spends one budget for every address of an IPv6 /64, and another /64 has its own', async () => {
    const statuses = []
    for (let i = 0; i < 8; i++) {
      const key = `ir_cccccccccc_${'w'.repeat(42)}${i}`
      const address = `2001:db8:7:7::${(i + 1).toString(16)}`
      statuses.push(await statusOf(requireCaller(from(address, key), 'portfolio:read', context())))
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    const anotherKey = `ir_cccccccccc_${'w'.repeat(43)}`
    const elsewhere = requireCaller(from('2001:db8:7:8::1', anotherKey), 'portfolio:read', context())
    expect(await statusOf(elsewhere)).toBe(401)
    expect(await statusOf(requireCaller(from('2001:db8:7:7:ffff::1', VALID), 'portfolio:read', context()))).toBe(200)
  }, 60_000)

  it('lets a valid sign-in through after a burst of bad ones from the same address, and valid keys too', async () => {
    const statuses = []
    for (let i = 0; i < 8; i++)
      statuses.push(await statusOf(withAuthFailureBudget('203.0.113.3', 'sign-in', badSignIn)))
    expect(statuses.slice(5)).toEqual([429, 429, 429])
    expect(await withAuthFailureBudget('203.0.113.3', 'sign-in', async () => 'signed in')).toBe('signed in')
    expect(await statusOf(requireCaller(from('203.0.113.3', VALID), 'portfolio:read', context()))).toBe(200)
  })
})
