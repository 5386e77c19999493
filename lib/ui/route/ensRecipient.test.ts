import { describe, expect, it } from 'vitest'
import * as requestCheck from '../../api/routeRequest'
import { ensNote, normalizeEnsName, recipientAddress, recipientInput } from './ensRecipient'
import { initialRouteForm } from './routeForm'
import { routeRequestBody } from './routeRequestBody'

const resolvedTo = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('recipientInput', () => {
  it('tells an address, an ENS name and nothing apart', () => {
    expect(recipientInput('  ')).toEqual({ kind: 'empty' })
    expect(recipientInput('0x00000000000000000000000000000000000bEEf1')).toEqual({
      kind: 'address',
      text: '0x00000000000000000000000000000000000bEEf1',
    })
    expect(recipientInput('0x12')).toEqual({ kind: 'address', text: '0x12' })
    expect(recipientInput('alice')).toEqual({ kind: 'address', text: 'alice' })
    expect(recipientInput(' Vitalik.ETH ')).toEqual({ kind: 'ens', name: 'vitalik.eth' })
    expect(recipientInput('0x12.eth')).toEqual({ kind: 'ens', name: '0x12.eth' })
  })

  it('normalises a name (UTS-46); a malformed name is named as one', async () => {
    expect(await normalizeEnsName('Vitalik.eth')).toEqual({ normalized: 'vitalik.eth' })
    expect(await normalizeEnsName('a..eth')).toEqual({
      problem: expect.stringMatching(/^“a\.\.eth” is not a valid ENS name/),
    })
    expect(await normalizeEnsName('foo bar.eth')).toHaveProperty('problem')
  })

  it('a lookup that found the name malformed blocks it with that reason', () => {
    expect(recipientAddress('a..eth', { name: 'a..eth', status: 'invalid', problem: 'bad' })).toEqual({
      problem: 'bad',
    })
  })
})

describe('recipientAddress', () => {
  it('an address is sent as typed; empty sends none', () => {
    expect(recipientAddress('', undefined)).toEqual({})
    expect(recipientAddress(resolvedTo, undefined)).toEqual({ address: resolvedTo })
  })

  it('a name is sent only once it resolved, as its address', () => {
    expect(recipientAddress('vitalik.eth', undefined).problem).toBe('Looking up vitalik.eth on Ethereum…')
    expect(recipientAddress('vitalik.eth', { name: 'vitalik.eth', status: 'checking' }).problem).toBe(
      'Looking up vitalik.eth on Ethereum…',
    )
    expect(recipientAddress('Vitalik.eth', { name: 'vitalik.eth', status: 'resolved', address: resolvedTo })).toEqual({
      address: resolvedTo,
    })
    // The lookup of another name does not count.
    expect(
      recipientAddress('alice.eth', { name: 'vitalik.eth', status: 'resolved', address: resolvedTo }).problem,
    ).toMatch(/^Looking up alice\.eth/)
  })

  it('no registry, no address or a failed lookup: why, and no address', () => {
    expect(recipientAddress('vitalik.eth', { name: 'vitalik.eth', status: 'no-registry' })).toEqual({
      problem:
        'ENS names cannot be resolved on this network: its Ethereum node has no ENS registry (the devnet has none). Enter vitalik.eth’s 0x address instead.',
    })
    expect(recipientAddress('nobody.eth', { name: 'nobody.eth', status: 'not-found' }).problem).toBe(
      'nobody.eth has no address on Ethereum: check the name, or enter a 0x address.',
    )
    expect(
      recipientAddress('vitalik.eth', { name: 'vitalik.eth', status: 'failed', message: 'timeout' }).problem,
    ).toMatch(/could not be looked up \(timeout\)/)
  })

  it('ensNote says what a name resolved to', () => {
    expect(ensNote({ name: 'vitalik.eth', status: 'resolved', address: resolvedTo })).toBe(
      `vitalik.eth resolves to ${resolvedTo} on Ethereum.`,
    )
  })
})

describe('the request with an ENS recipient', () => {
  const form = (recipient: string, recipientEns?: Parameters<typeof recipientAddress>[1]) => {
    const f = initialRouteForm('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    return { ...f, recipient, recipientEns, tokenRequests: [{ ...f.tokenRequests[0]!, amount: '1' }] }
  }

  it('sends the resolved address', () => {
    const { body, errors } = routeRequestBody(
      form('vitalik.eth', { name: 'vitalik.eth', status: 'resolved', address: resolvedTo }),
      requestCheck,
    )
    expect(errors).toEqual({})
    expect(body.recipient).toEqual({ address: resolvedTo, accountType: 'EOA' })
  })

  it('an unresolved name blocks the request on the recipient field', () => {
    expect(
      routeRequestBody(form('vitalik.eth', { name: 'vitalik.eth', status: 'no-registry' }), requestCheck).errors[
        'recipient.address'
      ],
    ).toMatch(/no ENS registry/)
  })

  it('a name that resolves to an address that would lose the tokens is refused like that address', () => {
    const zero = '0x0000000000000000000000000000000000000000'
    const { errors } = routeRequestBody(
      form('burn.eth', { name: 'burn.eth', status: 'resolved', address: zero }),
      requestCheck,
    )
    expect(errors['recipient.address']).toBe(routeRequestBody(form(zero), requestCheck).errors['recipient.address'])
    expect(errors['recipient.address']).toBeDefined()
  })
})
