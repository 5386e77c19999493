import { describe, expect, it } from 'vitest'
import * as requestCheck from '../../api/routeRequest'
import { outdatedReason } from './outdatedReason'
import { initialRouteForm } from './routeForm'
import { routeRequestBody } from './routeRequestBody'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bodyWith = (amount: string, recipient = '') => {
  const form = initialRouteForm(account)
  return routeRequestBody({ ...form, recipient, tokenRequests: [{ ...form.tokenRequests[0]!, amount }] }, requestCheck)
}

describe('outdatedReason', () => {
  it('is silent with no route, and while the form still says what the route answered', () => {
    const asked = bodyWith('100')
    expect(outdatedReason(undefined, asked.body, 0)).toBeUndefined()
    expect(outdatedReason(asked.body, bodyWith('100').body, 0)).toBeUndefined()
    // Thousands separators are the same request.
    expect(outdatedReason(bodyWith('1000').body, bodyWith('1,000').body, 0)).toBeUndefined()
  })

  it('outdates the route the moment the form changes or fails its checks', () => {
    const asked = bodyWith('100').body
    expect(outdatedReason(asked, bodyWith('101').body, 0)).toMatch(/^The form changed/)
    expect(outdatedReason(asked, bodyWith('100', '0x00000000000000000000000000000000000bEEf1').body, 0)).toMatch(
      /^The form changed/,
    )
    const invalid = bodyWith('1.1234567')
    expect(Object.keys(invalid.errors)).toHaveLength(1)
    expect(outdatedReason(asked, invalid.body, 1)).toMatch(/^The form has a problem now/)
  })
})
