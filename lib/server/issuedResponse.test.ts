import { describe, expect, it } from 'vitest'
import example from '../api/routeExample.json'
import { issuedResponse, StoredRouteCorruptError } from './issuedResponse'

describe('issuedResponse', () => {
  it('reads a stored route response back, typed', () => {
    const response = issuedResponse({ nonce: '1', response: example })
    expect(response.intentOp?.nonce).toBe(example.intentOp.nonce)
    expect(response.intentCost.sponsorFee).toEqual(example.intentCost.sponsorFee)
  })

  it('refuses a stored response that no longer reads as one, naming where', () => {
    const broken = { ...example, intentOp: { ...example.intentOp, elements: 'not a list' } }
    expect(() => issuedResponse({ nonce: '7', response: broken })).toThrow(StoredRouteCorruptError)
    expect(() => issuedResponse({ nonce: '7', response: broken })).toThrow(/stored route 7 .*intentOp\.elements/)
  })
})
