import { describe, expect, it } from 'vitest'
import { hasFilters, portfolioApiPath, portfolioSearch, readPortfolioParams, toggleValue } from './portfolioParams'

const demo = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const read = (search: string) => readPortfolioParams(new URLSearchParams(search))

describe('readPortfolioParams', () => {
  it('reads the address and the API filters', () => {
    expect(read(`?address=${demo}&chainIds=1,10&tokens=10:USDC,42161:USDT0&filterEmpty=true`)).toEqual({
      address: demo,
      chainIds: ['1', '10'],
      tokens: ['10:USDC', '42161:USDT0'],
      filterEmpty: true,
    })
  })

  it('defaults to no address and no filters', () => {
    expect(read('')).toEqual({ chainIds: [], tokens: [], filterEmpty: false })
    expect(read('?address=%20&chainIds=&filterEmpty=yes')).toEqual({ chainIds: [], tokens: [], filterEmpty: false })
  })

  it('passes hand-edited values through for the API to judge', () => {
    expect(read('?chainIds=999, abc').chainIds).toEqual(['999', 'abc'])
  })
})

describe('portfolioSearch', () => {
  it('round-trips a view through the URL, readably', () => {
    const view = { address: demo, chainIds: ['8453', '10'], tokens: ['10:USDC'], filterEmpty: true }
    const search = portfolioSearch(view)
    expect(search).toBe(`?address=${demo}&chainIds=8453,10&tokens=10:USDC&filterEmpty=true`)
    expect(read(search)).toEqual(view)
  })

  it('is empty when there is nothing to keep', () => {
    expect(portfolioSearch({ chainIds: [], tokens: [], filterEmpty: false })).toBe('')
  })

  it('escapes what would break the query string', () => {
    expect(read(portfolioSearch({ address: 'a&b=c', chainIds: [], tokens: [], filterEmpty: false })).address).toBe(
      'a&b=c',
    )
  })
})

describe('portfolioApiPath', () => {
  it('builds the API request with the same filters', () => {
    expect(portfolioApiPath(demo, { address: 'ignored', chainIds: ['1'], tokens: [], filterEmpty: true })).toBe(
      `/api/v1/accounts/${demo}/portfolio?chainIds=1&filterEmpty=true`,
    )
  })

  it('keeps a bad address inside its path segment', () => {
    expect(portfolioApiPath('../../x?y', { chainIds: [], tokens: [], filterEmpty: false })).toBe(
      '/api/v1/accounts/..%2F..%2Fx%3Fy/portfolio',
    )
  })
})

describe('toggleValue and hasFilters', () => {
  it('toggles a value in place', () => {
    expect(toggleValue(['1', '10'], '10')).toEqual(['1'])
    expect(toggleValue(['1'], '10')).toEqual(['1', '10'])
  })

  it('tells whether any filter is set', () => {
    expect(hasFilters({ chainIds: [], tokens: [], filterEmpty: false })).toBe(false)
    expect(hasFilters({ chainIds: [], tokens: [], filterEmpty: true })).toBe(true)
  })
})
