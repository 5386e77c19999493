import { describe, expect, it } from 'vitest'
import { matchDirectRoute, registerDirectRoute, takesGzip } from './directRoutes'

const answer = (name: string) => async () => new Response(name)

describe('matchDirectRoute', () => {
  registerDirectRoute('GET', '/api/v1/accounts/{userAddress}/portfolio', answer('portfolio'))
  registerDirectRoute('GET', '/api/v1/accounts/{userAddress}/routes/{nonce}', answer('route'))
  registerDirectRoute('POST', '/api/v1/intents/route', answer('quote'))

  it('matches a registered method and path, with its decoded parameters', () => {
    expect(matchDirectRoute('GET', '/api/v1/accounts/0xabc/routes/12')?.params).toEqual({ userAddress: '0xabc', nonce: '12' })
    expect(matchDirectRoute('GET', '/api/v1/accounts/a%20b/portfolio')?.params).toEqual({ userAddress: 'a b' })
    expect(matchDirectRoute('POST', '/api/v1/intents/route')?.params).toEqual({})
  })

  it('leaves everything else to Next: other methods, trailing slashes, extra segments, bad encoding', () => {
    expect(matchDirectRoute('HEAD', '/api/v1/accounts/0xabc/portfolio')).toBeUndefined()
    expect(matchDirectRoute('POST', '/api/v1/accounts/0xabc/portfolio')).toBeUndefined()
    expect(matchDirectRoute('GET', '/api/v1/accounts/0xabc/portfolio/')).toBeUndefined()
    expect(matchDirectRoute('GET', '/api/v1/accounts/0xabc/x/portfolio')).toBeUndefined()
    expect(matchDirectRoute('GET', '/api/v1/accounts//portfolio')).toBeUndefined()
    expect(matchDirectRoute('GET', '/api/v1/accounts/%E0%A4%A/portfolio')).toBeUndefined()
    expect(matchDirectRoute('POST', '/api/v1/intentsXroute')).toBeUndefined()
  })

  it('replaces a handler registered again for the same route (a module loaded anew)', async () => {
    registerDirectRoute('POST', '/api/v1/intents/route', answer('quote again'))
    const found = matchDirectRoute('POST', '/api/v1/intents/route')!
    expect(await (await found.handler(new Request('http://localhost/'), { params: Promise.resolve({}) })).text()).toBe('quote again')
  })
})

describe('takesGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['*', true],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
  ])('%j → %s', (header, expected) => {
    expect(takesGzip(header)).toBe(expected)
  })
})
