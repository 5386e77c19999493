import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client/fetchApi'
import { describeApiError } from './describeApiError'

const http = (status: number, message: string, context?: Record<string, unknown>) =>
  new ApiError('http', message, {
    status,
    envelope: { message, errors: [{ message, ...(context ? { context } : {}) }], traceId: 'trace-1' },
  })

describe('describeApiError', () => {
  it('points a 401 at the key, saying whose key failed', () => {
    expect(describeApiError(http(401, 'Invalid API key'), 'user')).toMatchObject({
      title: 'Your API key was not accepted',
      action: 'paste-key',
      traceId: 'trace-1',
    })
    expect(describeApiError(http(401, 'Invalid API key'), 'app').title).toMatch(/app's key/)
    expect(describeApiError(http(401, 'Authentication is required'), 'none')).toMatchObject({
      title: 'An API key is needed',
      action: 'paste-key',
    })
  })

  it('asks for a sign-in in plain words where the dashboard key needs one, never naming endpoints', () => {
    const message =
      "Sign in with Ethereum as 0xAb to build routes with the dashboard's key: sign in with Ethereum (GET /api/v1/auth/nonce, then POST /api/v1/auth/session), or use an API key of your own"
    const advice = describeApiError(http(401, message, { field: 'account', account: '0xAb', signIn: true }), 'app', {
      task: 'build routes',
    })
    expect(advice).toMatchObject({ title: 'Sign in to build routes', action: 'sign-in', traceId: 'trace-1' })
    expect(advice.detail).toContain('0xAb')
    expect(advice.detail).not.toMatch(/auth\/nonce|GET|POST/)
    const other = describeApiError(
      http(403, 'Signed in as 0xCd', { account: '0xAb', signedIn: '0xCd', signIn: true }),
      'app',
      { task: 'read route history' },
    )
    expect(other).toMatchObject({ title: 'Signed in as another wallet', action: 'sign-in' })
    expect(other.detail).toMatch(/0xCd.*read route history only for that wallet, not 0xAb/)
  })

  it('says a refused sponsorship needs routes:sponsor, not that the key may not build routes', () => {
    const refused = http(
      403,
      'options.sponsorSettings: sponsoring fees (gasSponsored) needs a key with the routes:sponsor scope',
      { field: 'options.sponsorSettings', scope: 'routes:sponsor' },
    )
    const advice = describeApiError(refused, 'app', { task: 'build routes' })
    expect(advice.title).toBe('Sponsored fees need a key with the routes:sponsor scope')
    expect(advice.detail).toContain('Untick')
  })

  it('points a 403 at the key', () => {
    expect(describeApiError(http(403, 'Insufficient permissions'), 'app')).toMatchObject({ action: 'paste-key' })
  })

  it('names the unavailable chain of a 503', () => {
    const advice = describeApiError(http(503, 'Chain 10 is unavailable', { chainId: 10, reason: 'timeout' }), 'app')
    expect(advice).toMatchObject({ title: 'OP Mainnet (chain 10) is unavailable', action: 'retry' })
    expect(advice.detail).toMatch(/^Chain 10 is unavailable/)
    expect(describeApiError(http(503, 'The ETH/USD price is stale'), 'app').title).toBe('The service is unavailable')
  })

  it('keeps the server message that names the bad field of a 400', () => {
    const message = 'userAddress: must be a 0x-prefixed 20-byte address (checksummed or all one case)'
    expect(describeApiError(http(400, message, { field: 'userAddress' }), 'app')).toMatchObject({
      title: 'Check the account address',
      detail: message,
      action: 'fix-address',
    })
    expect(
      describeApiError(http(400, 'Unsupported chain 999', { field: 'chainIds', chainId: 999 }), 'app'),
    ).toMatchObject({
      title: 'Check the filters',
      detail: 'Unsupported chain 999',
      action: 'fix-filters',
    })
  })

  it('words the key and chain advice for the page’s task', () => {
    expect(describeApiError(http(403, 'Insufficient permissions'), 'app', { task: 'read route history' }).title).toBe(
      'This API key may not read route history here',
    )
    expect(describeApiError(http(401, 'Authentication is required'), 'none', { task: 'build routes' }).detail).toMatch(
      /paste an API key to build routes\.$/,
    )
    const noHint = describeApiError(http(503, 'Chain 10 is unavailable', { chainId: 10 }), 'app', { chainHint: '' })
    expect(noHint.detail).toBe(
      'Chain 10 is unavailable: the service could not read this chain just now. Try again in a moment.',
    )
  })

  it('explains failures without a status, and never shows a raw error', () => {
    expect(describeApiError(new ApiError('network', 'x'), 'app').title).toBe('The service could not be reached')
    expect(describeApiError(new ApiError('timeout', 'No answer within 20 s'), 'app').detail).toMatch(/20 s/)
    expect(describeApiError(new TypeError('undefined is not a function'), 'app').detail).not.toMatch(/undefined/)
  })
})
