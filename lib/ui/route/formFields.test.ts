import { describe, expect, it } from 'vitest'
import { marksFormField } from './formFields'

describe('marksFormField', () => {
  it('knows the fields the form shows, and no other path', () => {
    expect(marksFormField({ 'tokenRequests.0.tokenAddress': 'x' })).toBe(true)
    expect(marksFormField({ 'recipient.address': 'x' })).toBe(true)
    expect(marksFormField({ 'accountAccessList.exclude.chainIds': 'x' })).toBe(true)
    expect(marksFormField({ 'account.setupOps': 'x' })).toBe(false)
    expect(marksFormField({ recipients: 'x' })).toBe(false)
    expect(marksFormField({})).toBe(false)
  })
})
