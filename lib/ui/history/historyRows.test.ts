import { describe, expect, it } from 'vitest'
import type { RouteSummaryLine } from '../../api/routeHistory'
import { formatDuration, historyGroups, historyRoute } from './historyRows'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const expires = 1_795_429_925

const summary = (over: Partial<RouteSummaryLine> = {}): RouteSummaryLine => ({
  nonce: '1795429625443601',
  createdAt: '2026-11-21T21:33:07.233Z',
  expires: String(expires),
  expired: false,
  destinationChainId: 42161,
  requestKey: '0x11111111111111111111111111111111',
  delivers: [{ token: USDC_ARB, amount: '1000000000' }],
  recipient: account,
  sourceChainIds: [10, 8453],
  fee: { token: USDC_ARB, amount: '1489486' },
  signingScheme: 'PERMIT2',
  hasIntentOp: true,
  status: 'BUILT',
  intentStatus: null,
  ...over,
})

// A minute before the last moment to sign and submit: the fill deadline (expires − 600 s) less 60 s.
const now = { nowMs: (expires - 600 - 60 - 60) * 1000, account }

describe('historyRoute', () => {
  it('says what a route delivers where, from which chains, for what fee, and links to its page', () => {
    expect(historyRoute(summary(), now)).toMatchObject({
      destination: 'Arbitrum One',
      delivers: '1,000 USDC',
      sources: 'OP Mainnet, Base',
      fee: '1.489486 USDC',
      scheme: 'Approved via Permit2',
      status: 'BUILT',
      statusLabel: 'Built',
      expired: false,
      href: `/routes/1795429625443601?account=${account}`,
    })
  })

  it('names the recipient only when it is not the account itself', () => {
    expect(historyRoute(summary(), now).recipient).toBeUndefined()
    expect(historyRoute(summary({ recipient: account.toLowerCase() }), now).recipient).toBeUndefined()
    expect(historyRoute(summary({ recipient: '0x000000000000000000000000000000000000dEaD' }), now).recipient).toBe(
      '0x000000000000000000000000000000000000dEaD',
    )
  })

  it('marks a built route expired by the server’s word or by the clock since', () => {
    expect(historyRoute(summary(), { ...now, nowMs: expires * 1000 })).toMatchObject({
      expired: true,
      status: 'EXPIRED',
      statusLabel: 'Expired',
    })
    // Inside the filler's claim window, before intentOp.expires, it can no longer be signed: expired.
    expect(historyRoute(summary(), { ...now, nowMs: (expires - 60) * 1000 })).toMatchObject({
      expired: true,
      status: 'EXPIRED',
      signBy: BigInt(expires - 660),
    })
    expect(historyRoute(summary({ expired: true, status: 'EXPIRED' }), now)).toMatchObject({
      expired: true,
      statusLabel: 'Expired',
    })
  })

  it('names a submitted route’s progress, and keeps a settled one settled after its expiry', () => {
    expect(historyRoute(summary({ status: 'SUBMITTED', intentStatus: 'CLAIMED' }), now).statusLabel).toBe('Claimed')
    expect(historyRoute(summary({ status: 'SUBMITTED', intentStatus: 'PENDING' }), now).statusLabel).toBe('Submitted')
    expect(
      historyRoute(summary({ status: 'COMPLETED', intentStatus: 'COMPLETED' }), { ...now, nowMs: expires * 2000 }),
    ).toMatchObject({ status: 'COMPLETED', statusLabel: 'Completed' })
    expect(historyRoute(summary({ status: 'FAILED', intentStatus: 'FAILED' }), now).statusLabel).toBe('Failed')
  })

  it('shows a shortfall without sources or scheme, and a route naming nothing without a delivery line', () => {
    const shortfall = historyRoute(
      summary({ status: 'SHORTFALL', hasIntentOp: false, sourceChainIds: [], signingScheme: null }),
      now,
    )
    expect(shortfall).toMatchObject({ statusLabel: 'Not enough funds', sources: '', delivers: '1,000 USDC' })
    expect(shortfall.scheme).toBeUndefined()
    const bare = historyRoute(summary({ delivers: [], fee: null }), now)
    expect(bare.delivers).toBeUndefined()
    expect(bare.fee).toBeUndefined()
  })
})

describe('historyGroups', () => {
  it('groups re-requests of the same request into one row, newest first, wherever they fall in the list', () => {
    const a = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
    const b = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
    const groups = historyGroups(
      [
        summary({ nonce: '5', requestKey: a }),
        summary({ nonce: '4', requestKey: b }),
        summary({ nonce: '3', requestKey: a }),
        summary({ nonce: '2', requestKey: a }),
      ],
      now,
    )
    expect(groups.map((g) => [g.requestKey, g.routes.map((r) => r.nonce)])).toEqual([
      [a, ['5', '3', '2']],
      [b, ['4']],
    ])
  })

  it('keeps each route’s own status: a submitted one is its own row in the activity, its re-requests stay drafts', () => {
    const groups = historyGroups(
      [summary({ nonce: '2' }), summary({ nonce: '1', status: 'COMPLETED', intentStatus: 'COMPLETED' })],
      now,
    )
    expect(groups.map((g) => [g.kind, g.routes.map((r) => r.statusLabel)])).toEqual([
      ['draft', ['Built']],
      ['activity', ['Completed']],
    ])
  })

  it('never merges two submitted intents, even for the same request', () => {
    const groups = historyGroups(
      [
        summary({ nonce: '3', status: 'COMPLETED', intentStatus: 'COMPLETED' }),
        summary({ nonce: '2', status: 'FAILED', intentStatus: 'FAILED' }),
        summary({ nonce: '1', status: 'SUBMITTED', intentStatus: 'CLAIMED' }),
      ],
      now,
    )
    expect(groups.map((g) => [g.kind, g.key, g.routes.length])).toEqual([
      ['activity', 'intent:3', 1],
      ['activity', 'intent:2', 1],
      ['activity', 'intent:1', 1],
    ])
  })
})

describe('formatDuration', () => {
  it('says how long an intent took', () => {
    expect(formatDuration('2026-11-21T21:33:07.000Z', '2026-11-21T21:33:08.234Z')).toBe('1.2 s')
    expect(formatDuration('2026-11-21T21:33:07.000Z', '2026-11-21T21:36:07.000Z')).toBe('3 min')
    expect(formatDuration('2026-11-21T21:33:07.000Z', 'not a time')).toBe('')
  })
})
