import { describe, expect, it } from 'vitest'
import { ApiError } from './fetchApi'
import {
  accountIntentsPath,
  alreadySubmittedId,
  fetchIntentStatus,
  intentStatusPath,
  signedIntentOpBody,
  submitSignedRoute,
} from './intentApi'

function fakeFetch(status: number, body: unknown, seen: { url?: unknown; init?: RequestInit } = {}): typeof fetch {
  return (async (url: unknown, init: RequestInit) => {
    Object.assign(seen, { url, init })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
}

const sig = (n: number) => `0x${String(n).repeat(130).slice(0, 130)}` as const
const rawIntentOp = {
  sponsor: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  nonce: '42',
  elements: [{}, {}],
  unknownKey: { kept: true },
}
const envelope = (message: string, context: Record<string, unknown>) => ({
  message,
  errors: [{ message, context }],
  traceId: 'trace-1',
})

describe('signedIntentOpBody', () => {
  it(
    'keeps the intentOp exactly as received and adds one ' + 'signature per element, the last as destination signature',
    () => {
      const body = signedIntentOpBody(rawIntentOp, [sig(1), sig(2)])
      expect(body.signedIntentOp).toEqual({
        ...rawIntentOp,
        originSignatures: [sig(1), sig(2)],
        destinationSignature: sig(2),
      })
    },
  )
  it('refuses to build a body without an intentOp or a signature', () => {
    expect(() => signedIntentOpBody(null, [sig(1)])).toThrow()
    expect(() => signedIntentOpBody(rawIntentOp, [])).toThrow()
  })
})

describe('submitSignedRoute', () => {
  it('POSTs the signed route as JSON with the key and reads the intent id', async () => {
    const seen: { url?: unknown; init?: RequestInit } = {}
    const result = await submitSignedRoute({
      rawIntentOp,
      signatures: [sig(1)],
      apiKey: 'k',
      fetchFn: fakeFetch(201, { result: { id: '42', status: 'PENDING' } }, seen),
    })
    expect(seen.url).toBe('/api/v1/intent-operations')
    expect(seen.init).toMatchObject({
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
    })
    expect(JSON.parse(seen.init!.body as string).signedIntentOp.unknownKey).toEqual({ kept: true })
    expect(result.result).toEqual({ id: '42', status: 'PENDING' })
  })

  it('turns a 409 into "already submitted", following the id the server names (else the nonce)', async () => {
    const conflict = await submitSignedRoute({
      rawIntentOp,
      signatures: [sig(1)],
      fetchFn: fakeFetch(409, envelope('Intent 42 was already submitted', { field: 'signedIntentOp.nonce', id: '42' })),
    }).catch((e: unknown) => e)
    expect(conflict).toBeInstanceOf(ApiError)
    expect(alreadySubmittedId(conflict, '7')).toBe('42')
    expect(alreadySubmittedId(new ApiError('http', 'conflict', { status: 409 }), '7')).toBe('7')
    expect(alreadySubmittedId(new ApiError('http', 'bad', { status: 400 }), '7')).toBeUndefined()
    expect(alreadySubmittedId(new Error('x'), '7')).toBeUndefined()
  })
})

describe('status reads', () => {
  it('reads one intent by id and lists an account’s intents', async () => {
    expect(intentStatusPath('42')).toBe('/api/v1/intent-operation/42')
    expect(accountIntentsPath('0xabc')).toBe('/api/v1/accounts/0xabc/intents?limit=50')
    const status = {
      id: '42',
      status: 'CLAIMED',
      destinationChainId: 10,
      userAddress: '0xabc',
      claims: [{ chainId: 8453, status: 'COMPLETED', claimTimestamp: 1, claimTransactionHash: `0x${'a'.repeat(64)}` }],
      submittedAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:01.000Z',
    }
    await expect(fetchIntentStatus({ id: '42', fetchFn: fakeFetch(200, status) })).resolves.toEqual(status)
    await expect(fetchIntentStatus({ id: '42', fetchFn: fakeFetch(200, { id: 42 }) })).rejects.toMatchObject({
      failure: 'invalid_response',
    })
  })
})
