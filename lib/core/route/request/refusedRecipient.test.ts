import { getAddress, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { demoAddress } from '../../accounts/demoAddress'
import { addresses, oftAdapters } from '../../addresses'
import { tokens } from '../../tokens/tokens'
import { arbiterAddresses } from '../settlementLayers'
import { devnetFillerAddress, refusedRecipient } from './refusedRecipient'

describe('refusedRecipient', () => {
  it('knows every token contract, the service’s own contracts, the zero and burn addresses, in any case', () => {
    for (const t of tokens.filter((t) => t.address !== zeroAddress)) {
      const said = `the ${t.symbol} token contract: tokens sent to it are lost`
      expect(refusedRecipient(t.address.toLowerCase()), t.symbol).toBe(said)
    }
    const own = [...Object.values(addresses), ...arbiterAddresses, ...Object.values(oftAdapters).map((o) => o.adapter)]
    for (const a of own) expect(refusedRecipient(getAddress(a)), a).toMatch(/tokens sent to it are lost$/)
    expect(refusedRecipient(zeroAddress)).toMatch(/^the zero address/)
    expect(refusedRecipient('0x000000000000000000000000000000000000DEAD')).toMatch(/^a burn address/)
    expect(refusedRecipient(devnetFillerAddress)).toMatch(/^the filler/)
  })

  it('says nothing against an ordinary account', () => {
    expect(refusedRecipient(demoAddress)).toBeUndefined()
    expect(refusedRecipient('0x00000000000000000000000000000000000bEEf1')).toBeUndefined()
  })
})
