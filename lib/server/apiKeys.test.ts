import { describe, expect, it } from 'vitest'
import { hashApiKey } from '../config/keyHash'
import { ServiceError } from '../core/errors'
import { authenticate, parseKeyHashes } from './apiKeys'

const keys = parseKeyHashes([`demo:${hashApiKey('secret-one')}`, `ops:${hashApiKey('secret-two')}`])
const headers = (key?: string) => new Headers(key === undefined ? {} : { 'x-api-key': key })

describe('authenticate', () => {
  it('returns the label of the matching key', () => {
    expect(authenticate(headers('secret-one'), keys)).toBe('demo')
    expect(authenticate(headers('secret-two'), keys)).toBe('ops')
  })
  it('answers a missing key with "Authentication is required"', () => {
    expect(() => authenticate(headers(), keys)).toThrow(new ServiceError('unauthenticated', 'Authentication is required'))
  })
  it('answers an unknown key with "Invalid API key"', () => {
    expect(() => authenticate(headers('secret-three'), keys)).toThrow('Invalid API key')
    expect(() => authenticate(headers(hashApiKey('secret-one')), keys)).toThrow('Invalid API key') // the hash is not a key
  })
})
