import { describe, expect, it } from 'vitest'
import { hashApiKey } from '../config/keyHash'
import { ServiceError } from '../core/errors'
import { authenticate, browserKeyHash, parseKeyHashes } from './apiKeys'

const keys = [...parseKeyHashes([`demo:${hashApiKey('secret-one')}`, `ops:${hashApiKey('secret-two')}`]), browserKeyHash('browser-key-handed-to-pages')]
const headers = (key?: string, extra: Record<string, string> = {}) => new Headers(key === undefined ? extra : { 'x-api-key': key, ...extra })

describe('authenticate', () => {
  it('returns the label of the matching key', () => {
    expect(authenticate(headers('secret-one'), keys, 'portfolio:read')).toBe('demo')
    expect(authenticate(headers('secret-two'), keys, 'routes:create')).toBe('ops')
  })
  it('answers a missing key with "Authentication is required"', () => {
    expect(() => authenticate(headers(), keys, 'portfolio:read')).toThrow(new ServiceError('unauthenticated', 'Authentication is required'))
  })
  it('answers an unknown key with "Invalid API key"', () => {
    expect(() => authenticate(headers('secret-three'), keys, 'portfolio:read')).toThrow('Invalid API key')
    expect(() => authenticate(headers(hashApiKey('secret-one')), keys, 'portfolio:read')).toThrow('Invalid API key') // the hash is not a key
  })
  it('accepts the browser key only on same-origin browser requests', () => {
    const key = 'browser-key-handed-to-pages'
    expect(authenticate(headers(key, { 'sec-fetch-site': 'same-origin' }), keys, 'portfolio:read')).toBe('browser')
    expect(() => authenticate(headers(key, { 'sec-fetch-site': 'cross-site' }), keys, 'portfolio:read')).toThrow(
      expect.objectContaining({ kind: 'forbidden', message: 'Insufficient permissions' }),
    )
    expect(() => authenticate(headers(key), keys, 'routes:create')).toThrow('Insufficient permissions')
  })
})
