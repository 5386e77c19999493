import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import example from '../api/routeExample.json'
import type { UnsignedRouteResponse } from '../core/intentOp/intentOp'
import { routeSigner, signRouteResponse } from '../core/intentOp/serverSignature'
import { answeredRoute, issuedResponse, StoredRouteCorruptError } from './issuedResponse'

const signer = privateKeyToAccount(generatePrivateKey())
/** A route as issueRoute stores it (unsigned), through a JSON round trip as the database gives it back. */
const { serverSignature: _, ...unsignedOp } = example.intentOp
const storedUnsigned = JSON.parse(JSON.stringify({ ...example, intentOp: unsignedOp }))

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

  it('reads a route stored unsigned; a row stored with its signature keeps it', () => {
    expect(issuedResponse({ nonce: '1', response: storedUnsigned }).intentOp).not.toHaveProperty('serverSignature')
    expect(issuedResponse({ nonce: '1', response: example }).intentOp?.serverSignature).toBe(
      example.intentOp.serverSignature,
    )
  })
})

describe('a stored route handed out or checked again', () => {
  it('is signed again to the very signature the client got when it was issued', async () => {
    const answered = await signRouteResponse(storedUnsigned as UnsignedRouteResponse, signer)
    const again = await answeredRoute({ nonce: '1', response: storedUnsigned }, signer)
    expect(again.response.intentOp?.serverSignature).toBe(answered.intentOp?.serverSignature)
    expect((again.json as typeof example).intentOp.serverSignature).toBe(answered.intentOp?.serverSignature)
    expect(await routeSigner((again.json as typeof example).intentOp as never)).toBe(signer.address)
  })

  it('leaves a signature stored with the route as it is, and a shortfall without an intentOp', async () => {
    const legacy = await answeredRoute({ nonce: '1', response: example }, signer)
    expect(legacy.response.intentOp?.serverSignature).toBe(example.intentOp.serverSignature)
    expect(legacy.json).toBe(example)
    const shortfall = { ...example, intentOp: null }
    const none = await answeredRoute({ nonce: '1', response: shortfall }, signer)
    expect(none.json).toBe(shortfall)
    expect(none.response.intentOp).toBeNull()
  })
})
