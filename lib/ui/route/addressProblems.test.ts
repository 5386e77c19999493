import { getAddress, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { demoAddress } from '../../core/accounts/demoAddress'
import { addresses } from '../../core/addresses'
import { devnetFillerAddress } from '../../core/route/request/refusedRecipient'
import { findTokenBySymbol } from '../../core/tokens/tokens'
import { fillerAccount } from '../../devnet/demoAccount'
import { addressFormatProblem, isBadChecksum, recipientProblem } from './addressProblems'

describe('addressProblems', () => {
  it('says a wrong checksum is a checksum error, not a malformed address', () => {
    const bad = demoAddress.replace('C51812', 'c51812')
    expect(isBadChecksum(bad)).toBe(true)
    expect(addressFormatProblem(bad)).toMatch(/^The checksum does not match/)
    expect(addressFormatProblem(bad)).toContain(demoAddress)
    expect(addressFormatProblem(demoAddress.toLowerCase())).toBeUndefined()
    expect(addressFormatProblem(demoAddress)).toBeUndefined()
    expect(addressFormatProblem('0x12')).toBe('Must be a 0x-prefixed 20-byte address.')
  })

  it('refuses recipients that would lose the tokens, in any case', () => {
    expect(recipientProblem(zeroAddress)).toMatch(/zero address/)
    expect(recipientProblem('0x000000000000000000000000000000000000dead')).toMatch(/burn address/)
    expect(recipientProblem(findTokenBySymbol(8453, 'USDC')!.address.toLowerCase())).toMatch(/USDC token contract/)
    expect(recipientProblem(addresses.permit2)).toMatch(/Permit2/)
    expect(recipientProblem(addresses.theCompact)).toMatch(/The Compact/)
    expect(recipientProblem(devnetFillerAddress)).toMatch(/filler/)
    expect(recipientProblem(demoAddress)).toBeUndefined()
  })

  it('knows the devnet filler by the address the devnet derives', () => {
    expect(getAddress(devnetFillerAddress)).toBe(fillerAccount.address)
  })
})
