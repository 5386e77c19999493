import { describe, expect, it } from 'vitest'
import { matchesSearch } from './operationSearch'

const prices = {
  id: 'getPrices',
  method: 'GET',
  path: '/prices',
  summary: 'USD prices of the supported assets.',
  scope: 'portfolio:read',
}
const route = {
  id: 'createRoute',
  method: 'POST',
  path: '/intents/route',
  summary: 'A signable route for the tokens wanted.',
  scope: 'routes:create',
}

describe('matchesSearch', () => {
  it('matches every operation on an empty query', () => {
    expect([prices, route].filter((op) => matchesSearch(op, '  '))).toEqual([prices, route])
  })

  it('needs every word, in any case, from the method, full path, summary or scope', () => {
    expect(matchesSearch(prices, 'PRICES')).toBe(true)
    expect(matchesSearch(route, 'post /api/v1/intents')).toBe(true)
    expect(matchesSearch(route, 'routes:create signable')).toBe(true)
    expect(matchesSearch(prices, 'prices route')).toBe(false)
    expect(matchesSearch(route, 'portfolio')).toBe(false)
  })
})
