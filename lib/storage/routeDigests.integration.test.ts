// The history's digests on every database kind: only the parts a summary reads, each route with
// its own key's intent status, paged like the full rows.
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds } from '../../tests/support/testDatabases'
import captured from '../ui/route/fixtures/routes.json'
import { insertIntent } from './intentStore'
import { listRouteDigests, recordRoute } from './routeStore'

const sponsor = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const issuedBy = 'label:test'

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)

  const record = (nonce: bigint, response: unknown, by = issuedBy) =>
    recordRoute(sql, {
      nonce,
      sponsor,
      destinationChainId: 42161,
      request: { want: '1 USDC', n: 1 },
      response,
      expires: 1_900_000_000n,
      keyId: null,
      issuedBy: by,
    })

  it('selects the elements’ chains, tokens out and schemes, the fee and the request, not the calldata', async () => {
    await record(1n, captured.eco)
    const [digest] = (await listRouteDigests(sql, sponsor, { limit: 1, issuedBy })).routes
    expect(digest).toMatchObject({
      nonce: '1',
      expires: '1900000000',
      destinationChainId: 42161,
      request: { want: '1 USDC', n: 1 },
      feeToken: captured.eco.intentCost.feeToken,
      intentStatus: null,
    })
    expect(digest!.elements).toEqual(
      captured.eco.intentOp.elements.map((e) => ({
        chainId: e.chainId,
        tokenOut: e.mandate.tokenOut,
        fundingMethod: e.mandate.qualifier.settlementContext.fundingMethod,
        recipient: e.mandate.recipient,
      })),
    )
    expect(JSON.stringify(digest)).not.toContain(captured.eco.intentOp.serverSignature)
  })

  it('reads a shortfall as no elements, with what was asked', async () => {
    await record(2n, captured.shortfall)
    const [digest] = (await listRouteDigests(sql, sponsor, { limit: 1, issuedBy })).routes
    expect(digest).toMatchObject({
      nonce: '2',
      elements: null,
      shortfall: captured.shortfall.intentCost.tokenShortfall,
    })
  })

  it('joins the status of the intent the same key submitted', async () => {
    await record(3n, captured.crossChain)
    await insertIntent(sql, {
      nonce: 3n,
      sponsor,
      destinationChainId: 42161,
      signedIntentOp: {},
      claims: [],
      issuedBy,
      fillDeadline: 1n,
      expires: 1n,
    })
    await record(4n, captured.crossChain, 'label:other')
    const ours = await listRouteDigests(sql, sponsor, { limit: 10, issuedBy })
    expect(ours.routes.map((r) => [r.nonce, r.intentStatus])).toEqual([
      ['3', 'PENDING'],
      ['2', null],
      ['1', null],
    ])
    expect(
      (await listRouteDigests(sql, sponsor, { limit: 10, issuedBy: 'label:other' })).routes.map((r) => r.nonce),
    ).toEqual(['4'])
  })

  it('pages with a cursor like the full rows', async () => {
    const first = await listRouteDigests(sql, sponsor, { limit: 2, issuedBy })
    expect(first.routes.map((r) => r.nonce)).toEqual(['3', '2'])
    const second = await listRouteDigests(sql, sponsor, { limit: 2, issuedBy, cursor: first.nextCursor! })
    expect(second).toMatchObject({ routes: [{ nonce: '1' }], nextCursor: null })
  })
})
