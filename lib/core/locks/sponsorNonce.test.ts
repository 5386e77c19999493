import fc from 'fast-check'
import { type Address, getAddress, isAddressEqual } from 'viem'
import { describe, expect, it } from 'vitest'
import { MAX_NONCE_COUNTER, nonceCounter, nonceSponsor, sponsorNonce } from './sponsorNonce'

const sponsor: Address = '0x00000000000000000000000000000000000000aB'

describe('sponsorNonce', () => {
  it('puts the sponsor in the low 160 bits and the counter above them', () => {
    const nonce = sponsorNonce(7n, sponsor)
    expect(nonce).toBe((7n << 160n) | 0xabn)
    expect(nonceSponsor(nonce)).toBe(getAddress(sponsor))
    expect(nonceCounter(nonce)).toBe(7n)
  })

  it('round-trips any counter and address, and stays a uint256', () => {
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`))
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_NONCE_COUNTER }), address, (counter, who) => {
        const nonce = sponsorNonce(counter, who)
        expect(nonce < 1n << 256n).toBe(true)
        expect(isAddressEqual(nonceSponsor(nonce), who)).toBe(true)
        expect(nonceCounter(nonce)).toBe(counter)
      }),
    )
  })

  it('two sponsors never share a nonce, whatever their counters', () => {
    const other: Address = '0x00000000000000000000000000000000000000ac'
    expect(sponsorNonce(5n, sponsor)).not.toBe(sponsorNonce(5n, other))
  })

  it('refuses a counter that does not fit in 96 bits', () => {
    expect(() => sponsorNonce(MAX_NONCE_COUNTER + 1n, sponsor)).toThrow(RangeError)
    expect(() => sponsorNonce(-1n, sponsor)).toThrow(RangeError)
  })
})
