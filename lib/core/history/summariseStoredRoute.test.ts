import { describe, expect, it } from 'vitest'
import captured from '../../ui/route/fixtures/routes.json'
import { requestKey } from '../intentOp/requestKey'
import {
  routeStatus,
  type StoredRouteDigest,
  storedRouteSummaryMaxBytes,
  summariseStoredRoute,
  summaryLimits,
} from './summariseStoredRoute'

type Captured = { intentOp: unknown; intentCost: { feeToken: unknown } }

/** What the route store selects from a stored route (routeStore.listRouteDigests). */
function digestOf(route: Captured, over: Partial<StoredRouteDigest> = {}): StoredRouteDigest {
  const intentOp = route.intentOp as (typeof captured)['eco']['intentOp'] | null
  return {
    nonce: intentOp?.nonce ?? '42',
    createdAt: new Date('2026-11-21T21:33:07.233Z'),
    expires: intentOp?.expires ?? '1795429925',
    destinationChainId: 42161,
    request: { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000000' }] },
    elements: intentOp
      ? intentOp.elements.map((e) => ({
          chainId: e.chainId,
          tokenOut: e.mandate.tokenOut,
          fundingMethod: e.mandate.qualifier.settlementContext.fundingMethod,
          recipient: e.mandate.recipient,
        }))
      : null,
    feeToken: route.intentCost.feeToken,
    shortfall: (route.intentCost as { tokenShortfall?: unknown }).tokenShortfall ?? null,
    intentStatus: null,
    ...over,
  }
}

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'

describe('summariseStoredRoute', () => {
  it('says what a route delivers, from where, for what fee and under which scheme', () => {
    const s = summariseStoredRoute(digestOf(captured.crossChain), 0n)
    expect(s).toMatchObject({
      nonce: captured.crossChain.intentOp.nonce,
      createdAt: '2026-11-21T21:33:07.233Z',
      expired: false,
      destinationChainId: 42161,
      delivers: [{ token: USDC_ARB, amount: '1000000000' }],
      recipient: captured.crossChain.intentOp.elements[0]!.mandate.recipient,
      sourceChainIds: [8453],
      fee: { token: USDC_ARB, amount: '1489486' },
      signingScheme: 'PERMIT2',
      hasIntentOp: true,
      status: 'BUILT',
      intentStatus: null,
    })
  })

  it('sums a token delivered by several elements and lists each source chain once, in order', () => {
    const s = summariseStoredRoute(digestOf(captured.eco), 0n)
    expect(s.delivers).toEqual([{ token: USDC_ARB, amount: '1000000000' }])
    expect(s.sourceChainIds).toEqual([8453, 42161])
  })

  it('names the other schemes: The Compact and the intent executor', () => {
    expect(summariseStoredRoute(digestOf(captured.compact), 0n).signingScheme).toBe('COMPACT')
    expect(summariseStoredRoute(digestOf(captured.oft), 0n).signingScheme).toBe('NO_FUNDING')
  })

  it('summarises a shortfall by what was asked, with no scheme and no source', () => {
    const s = summariseStoredRoute(digestOf(captured.shortfall), 0n)
    expect(s).toMatchObject({
      hasIntentOp: false,
      status: 'SHORTFALL',
      signingScheme: null,
      sourceChainIds: [],
      recipient: null,
      delivers: [{ token: USDC_ARB, amount: '100000000000' }],
    })
  })

  it('marks a route expired at its expiry, and a submitted one by its intent', () => {
    const expires = BigInt(captured.crossChain.intentOp.expires)
    expect(summariseStoredRoute(digestOf(captured.crossChain), expires - 1n)).toMatchObject({
      expired: false,
      status: 'BUILT',
    })
    expect(summariseStoredRoute(digestOf(captured.crossChain), expires)).toMatchObject({
      expired: true,
      status: 'EXPIRED',
    })
    const submitted = summariseStoredRoute(digestOf(captured.crossChain, { intentStatus: 'CLAIMED' }), expires)
    expect(submitted).toMatchObject({ expired: true, status: 'SUBMITTED', intentStatus: 'CLAIMED' })
  })

  it('gives the same request the same key, whatever its key order, and another request another', () => {
    const a = summariseStoredRoute(digestOf(captured.crossChain, { request: { a: 1, b: { c: '2', d: [1, 2] } } }), 0n)
    const b = summariseStoredRoute(digestOf(captured.eco, { request: { b: { d: [1, 2], c: '2' }, a: 1 } }), 0n)
    expect(a.requestKey).toMatch(/^0x[0-9a-f]{32}$/)
    expect(a.requestKey).toBe(b.requestKey)
    expect(requestKey({ a: 1, b: { c: '2', d: [2, 1] } })).not.toBe(a.requestKey)
  })

  it('keeps what still reads of a route saved in another form', () => {
    const s = summariseStoredRoute(
      digestOf(captured.crossChain, {
        elements: [
          { chainId: 'x', tokenOut: [['1', 'lots'], 'junk', [String(2n ** 200n), '5']], fundingMethod: 'MAGIC' },
        ],
        feeToken: { amount: 3 },
        shortfall: 'no',
      }),
      0n,
    )
    expect(s).toMatchObject({
      sourceChainIds: [],
      delivers: [{ amount: '5' }],
      fee: null,
      signingScheme: null,
      recipient: null,
      hasIntentOp: true,
    })
  })

  it(`stays under ${storedRouteSummaryMaxBytes} bytes of JSON at its largest`, () => {
    const max = (10n ** 78n - 1n).toString()
    const tokens = Array.from({ length: 40 }, (_, i) => [
      (2n ** 255n + BigInt(i + 1)).toString(),
      (2n ** 250n).toString(),
    ])
    const s = summariseStoredRoute(
      digestOf(captured.crossChain, {
        nonce: max,
        expires: '9223372036854775807',
        destinationChainId: 0xffffffff,
        elements: Array.from({ length: 40 }, (_, i) => ({
          chainId: String(4294967295 - i),
          tokenOut: tokens,
          fundingMethod: 'NO_FUNDING',
          recipient: USDC_ARB,
        })),
        feeToken: { tokenAddress: USDC_ARB, amount: max },
        intentStatus: 'COMPLETED',
      }),
      0n,
    )
    expect(s.delivers).toHaveLength(summaryLimits.delivers)
    expect(s.sourceChainIds).toHaveLength(summaryLimits.sourceChains)
    expect(new TextEncoder().encode(JSON.stringify(s)).length).toBeLessThanOrEqual(storedRouteSummaryMaxBytes)
  })
})

describe('routeStatus', () => {
  it('goes by the intent once submitted, else by whether the route can still be signed', () => {
    const base = { hasIntentOp: true, expired: false }
    expect(routeStatus({ ...base, intentStatus: null })).toBe('BUILT')
    expect(routeStatus({ ...base, expired: true, intentStatus: null })).toBe('EXPIRED')
    expect(routeStatus({ hasIntentOp: false, expired: false, intentStatus: null })).toBe('SHORTFALL')
    for (const s of ['PENDING', 'CLAIMED', 'FILLED'] as const)
      expect(routeStatus({ ...base, intentStatus: s })).toBe('SUBMITTED')
    expect(routeStatus({ ...base, expired: true, intentStatus: 'COMPLETED' })).toBe('COMPLETED')
    expect(routeStatus({ ...base, intentStatus: 'FAILED' })).toBe('FAILED')
  })
})
