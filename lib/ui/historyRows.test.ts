import { describe, expect, it } from 'vitest'
import fixtures from './fixtures/routes.json'
import { historyRows } from './historyRows'

const stored = (route: { intentOp: { nonce: string; expires: string } }, expired = false) => ({
  nonce: route.intentOp.nonce,
  createdAt: '2026-11-21T21:33:07.233Z',
  expires: route.intentOp.expires,
  expired,
  destinationChainId: 42161,
  request: { destinationChainId: 42161 },
  route,
})

describe('historyRows', () => {
  it('says what each route delivers where, and re-opens it for the inspector', () => {
    const expires = Number(fixtures.crossChain.intentOp.expires) * 1000
    const [row] = historyRows([stored(fixtures.crossChain)], expires - 60_000)
    expect(row).toMatchObject({ nonce: fixtures.crossChain.intentOp.nonce, destination: 'Arbitrum One', delivers: '1,000 USDC', expired: false, request: { destinationChainId: 42161 } })
    expect(row!.inspected?.route.intentOp?.nonce).toBe(fixtures.crossChain.intentOp.nonce)
  })

  it('marks a route expired by the server’s word or by the clock since', () => {
    const expires = Number(fixtures.oft.intentOp.expires) * 1000
    expect(historyRows([stored(fixtures.oft)], expires)[0]!.expired).toBe(true)
    expect(historyRows([stored(fixtures.oft, true)], expires - 60_000)[0]!.expired).toBe(true)
  })

  it('keeps a stored route that no longer reads, without its details', () => {
    const [row] = historyRows([{ ...stored(fixtures.oft), route: { intentOp: 'gone' } }], 0)
    expect(row!.inspected).toBeUndefined()
    expect(row!.delivers).toBeUndefined()
  })
})
