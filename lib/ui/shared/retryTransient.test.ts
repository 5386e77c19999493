import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client/fetchApi'
import { retryTransient } from './retryTransient'

describe('retryTransient', () => {
  it('retries a 5xx or a dropped connection once, never a 4xx', () => {
    expect(retryTransient(0, new ApiError('http', 'x', { status: 503 }))).toBe(true)
    expect(retryTransient(0, new ApiError('network', 'x'))).toBe(true)
    expect(retryTransient(1, new ApiError('http', 'x', { status: 503 }))).toBe(false)
    expect(retryTransient(0, new ApiError('http', 'x', { status: 400 }))).toBe(false)
    expect(retryTransient(0, new Error('x'))).toBe(false)
  })
})
