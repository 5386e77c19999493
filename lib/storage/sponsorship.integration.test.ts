// The sponsorship ledger: what the operator paid for each submitted sponsored intent, per key, and
// the cap per key that refuses more once spent.
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds } from '../../tests/support/testDatabases'
import { createApiKey } from './apiKeyStore'
import {
  recordSponsorship,
  SponsorCapReachedError,
  setSponsorCap,
  sponsorshipLedger,
  sponsorshipOf,
} from './sponsorshipStore'

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)

  it('records each sponsored intent once per key and sums it exactly', async () => {
    const { record } = await createApiKey(sql, { name: 'sponsor', scopes: ['routes:create', 'routes:sponsor'] })
    await sql.transaction((tx) =>
      recordSponsorship(tx, {
        nonce: 101n,
        issuedBy: record.id,
        keyId: record.id,
        relayerUsd: '0.12345678',
        protocolUsd: '0.03',
      }),
    )
    await sql.transaction((tx) =>
      recordSponsorship(tx, {
        nonce: 102n,
        issuedBy: record.id,
        keyId: record.id,
        relayerUsd: '1.5',
        protocolUsd: '0',
      }),
    )
    expect(await sponsorshipOf(sql, record.id)).toEqual({ spentUsd: '1.65345678', capUsd: null, intents: 2 })
    const ledger = await sponsorshipLedger(sql, { issuedBy: record.id })
    expect(ledger.map((e) => [e.nonce, e.relayerUsd, e.protocolUsd, e.totalUsd])).toEqual([
      ['101', '0.12345678', '0.03', '0.15345678'],
      ['102', '1.5', '0', '1.5'],
    ])
  })

  it('refuses a sponsorship that would pass the key’s cap, naming the cap, and records nothing', async () => {
    const { record } = await createApiKey(sql, { name: 'capped', scopes: ['routes:create', 'routes:sponsor'] })
    expect(await setSponsorCap(sql, record.prefix, '2')).toBe(true)
    await sql.transaction((tx) =>
      recordSponsorship(tx, {
        nonce: 201n,
        issuedBy: record.id,
        keyId: record.id,
        relayerUsd: '1.5',
        protocolUsd: '0',
      }),
    )
    const refused = sql.transaction((tx) =>
      recordSponsorship(tx, {
        nonce: 202n,
        issuedBy: record.id,
        keyId: record.id,
        relayerUsd: '0.6',
        protocolUsd: '0',
      }),
    )
    await expect(refused).rejects.toBeInstanceOf(SponsorCapReachedError)
    await expect(refused).rejects.toMatchObject({ capUsd: '2', spentUsd: '1.5', neededUsd: '0.6' })
    expect(await sponsorshipOf(sql, record.id)).toEqual({ spentUsd: '1.5', capUsd: '2', intents: 1 })
    expect(await setSponsorCap(sql, record.id, null)).toBe(true)
    await sql.transaction((tx) =>
      recordSponsorship(tx, {
        nonce: 202n,
        issuedBy: record.id,
        keyId: record.id,
        relayerUsd: '0.6',
        protocolUsd: '0',
      }),
    )
    expect((await sponsorshipOf(sql, record.id)).spentUsd).toBe('2.1')
  })

  it('sets a cap only on an existing key', async () => {
    expect(await setSponsorCap(sql, 'no-such-key', '5')).toBe(false)
  })
})
