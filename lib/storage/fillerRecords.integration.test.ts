// What the filler keeps with an intent, on every database kind: the simulation reverts counted so
// far (a restarted filler reads them back), the journal written for a batch in one statement, and
// the transitions to a final state the finality watch reads from its cursor, and a step's entry
// replaced at its nonce with the old bytes kept; and what a status read takes of it, in one query;
// and a journal read back in the order it was recorded, whatever its timestamps.
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds } from '../../tests/support/testDatabases'
import { findIntent, findIntentStatus, insertIntent, unpaidGasOf, updateIntent } from './intentStore'
import {
  findTransaction,
  journalOf,
  openJournal,
  recordTransaction,
  recordTransactions,
  rewriteTransaction,
  settledJournalSince,
} from './journalStore'
import { applyMigration } from './migrate'
import { migrations } from './migrations'
import { recordRoute } from './routeStore'

const sponsor = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const issuedBy = 'label:test'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)

  const submitted = async (nonce: bigint) => {
    await recordRoute(sql, {
      nonce,
      sponsor,
      destinationChainId: 8453,
      request: {},
      response: {},
      expires: 1_900_000_000n,
      keyId: null,
      issuedBy,
    })
    await insertIntent(sql, {
      nonce,
      sponsor,
      destinationChainId: 8453,
      signedIntentOp: {},
      claims: [],
      issuedBy,
      fillDeadline: 1n,
      expires: 1n,
    })
  }

  it('keeps the simulation reverts counted so far with the intent (0 when submitted)', async () => {
    await submitted(101n)
    expect((await findIntent(sql, 101n))!.simulationReverts).toBe(0)
    await updateIntent(sql, 101n, { simulationReverts: 2 })
    expect((await findIntent(sql, 101n))!.simulationReverts).toBe(2)
    await updateIntent(sql, 101n, { status: 'FAILED', failureReason: 'would revert' })
    expect((await findIntent(sql, 101n))!).toMatchObject({ status: 'FAILED', simulationReverts: 2 })
  })

  it('journals a batch in one statement; a step that has an entry keeps it', async () => {
    await submitted(102n)
    await submitted(103n)
    expect(await recordTransaction(sql, 102n, { step: 'fill', chainId: 8453, raw: '0x01', hash: hash(1) })).toBe(true)
    const recorded = await recordTransactions(sql, [
      { nonce: '102', step: 'fill', chainId: 8453, raw: '0x02', hash: hash(2) },
      { nonce: '102', step: 'claim:0', chainId: 10, raw: '0x03', hash: hash(3) },
      { nonce: '103', step: 'fill', chainId: 8453, raw: '0x04', hash: hash(4) },
    ])
    expect([...recorded].sort()).toEqual(['102:claim:0', '103:fill'])
    expect((await findTransaction(sql, 102n, 'fill'))!.hash).toBe(hash(1))
    expect((await findTransaction(sql, 103n, 'fill'))!.hash).toBe(hash(4))
    expect(await recordTransactions(sql, [])).toEqual(new Set())
  })

  it('reads the intents that became COMPLETED after a time, with their journals, oldest first', async () => {
    await submitted(104n)
    await submitted(105n)
    await submitted(106n)
    await recordTransaction(sql, 104n, { step: 'fill', chainId: 8453, raw: '0x05', hash: hash(5) })
    await recordTransaction(sql, 104n, { step: 'claim:0', chainId: 10, raw: '0x06', hash: hash(6) })
    await recordTransaction(sql, 105n, { step: 'fill', chainId: 8453, raw: '0x07', hash: hash(7) })
    await recordTransaction(sql, 106n, { step: 'fill', chainId: 8453, raw: '0x08', hash: hash(8) })
    await updateIntent(sql, 104n, { status: 'COMPLETED' })
    const all = await settledJournalSince(sql, undefined, 900)
    const first = all.find((c) => c.nonce === '104')!
    expect(first.entries.map((e) => e.step)).toEqual(['fill', 'claim:0'])
    expect(first.ageSeconds).toBeGreaterThanOrEqual(0)
    expect(first.ageSeconds).toBeLessThan(60)
    expect(all.map((c) => c.nonce)).not.toContain('106') // not COMPLETED
    await new Promise((r) => setTimeout(r, 20))
    await updateIntent(sql, 105n, { status: 'COMPLETED' })
    const later = await settledJournalSince(sql, first.settledAt, 900)
    expect(later.map((c) => c.nonce)).toEqual(['105'])
    expect(later[0]!.entries).toEqual([{ step: 'fill', chainId: 8453, raw: '0x07', hash: hash(7) }])
  })

  it('reads a FAILED intent once every refund is sent, with its refunds only', async () => {
    await submitted(107n)
    await recordTransaction(sql, 107n, { step: 'escrow:0', chainId: 10, raw: '0x09', hash: hash(9) })
    await recordTransaction(sql, 107n, { step: 'refund:0', chainId: 10, raw: '0x0a', hash: hash(10) })
    const refund = { chainId: 10, elementIndex: 0, reason: 'the fill failed' }
    await updateIntent(sql, 107n, { status: 'FAILED', refunds: [{ ...refund, status: 'PENDING' }] })
    // a refund still due
    expect((await settledJournalSince(sql, undefined, 900)).map((c) => c.nonce)).not.toContain('107')
    await updateIntent(sql, 107n, { refunds: [{ ...refund, status: 'COMPLETED', txHash: hash(10) }] })
    const settled = (await settledJournalSince(sql, undefined, 900)).find((c) => c.nonce === '107')
    expect(settled!.entries).toEqual([{ step: 'refund:0', chainId: 10, raw: '0x0a', hash: hash(10) }])
  })

  it("replaces a step's entry only while it holds the hash read, keeping the bytes it replaced", async () => {
    await submitted(108n)
    await recordTransaction(sql, 108n, { step: 'fill', chainId: 8453, raw: '0x0b', hash: hash(11) })
    expect(await rewriteTransaction(sql, 108n, 'fill', hash(99), { raw: '0x0c', hash: hash(12), replaced: [] })).toBe(
      false,
    )
    expect(
      await rewriteTransaction(sql, 108n, 'fill', hash(11), {
        raw: '0x0c',
        hash: hash(12),
        replaced: [{ raw: '0x0b', hash: hash(11) }],
      }),
    ).toBe(true)
    const replaced = {
      step: 'fill',
      chainId: 8453,
      raw: '0x0c',
      hash: hash(12),
      replaced: [{ raw: '0x0b', hash: hash(11) }],
    }
    expect(await findTransaction(sql, 108n, 'fill')).toEqual(replaced)
    expect(await journalOf(sql, 108n)).toEqual([replaced])
    await updateIntent(sql, 108n, { status: 'COMPLETED' })
    expect((await settledJournalSince(sql, undefined, 900)).find((c) => c.nonce === '108')!.entries).toEqual([replaced])
  })

  it(
    "reads an intent's status in one query: the intent without its signed " +
      "operation, its journal's steps in signing order without their bytes",
    async () => {
      await submitted(109n)
      expect(await findIntentStatus(sql, 109n)).toMatchObject({ nonce: '109', status: 'PENDING', journalSteps: [] })
      await recordTransaction(sql, 109n, { step: 'setup:0', chainId: 10, raw: '0x0d', hash: hash(13) })
      await recordTransaction(sql, 109n, { step: 'fill', chainId: 8453, raw: '0x0e', hash: hash(14) })
      await recordTransaction(sql, 109n, { step: 'destination-ops', chainId: 8453, raw: '0x0f', hash: hash(15) })
      await updateIntent(sql, 109n, {
        status: 'COMPLETED',
        fill: { chainId: 8453, txHash: hash(14), status: 'COMPLETED', timestamp: 5 },
      })
      const status = (await findIntentStatus(sql, 109n))!
      const { signedIntentOp, ...record } = (await findIntent(sql, 109n))!
      expect(signedIntentOp).toEqual({})
      expect(status).toEqual({
        ...record,
        journalSteps: [
          { step: 'setup:0', chainId: 10, hash: hash(13) },
          { step: 'fill', chainId: 8453, hash: hash(14) },
          { step: 'destination-ops', chainId: 8453, hash: hash(15) },
        ],
      })
      expect(await findIntentStatus(sql, 999n)).toBeUndefined()
    },
  )

  it(
    'reads a journal back in the order it was recorded, ' + 'when timestamps tie and an entry was rewritten since',
    async () => {
      await submitted(110n)
      await recordTransactions(sql, [
        { nonce: '110', step: 'setup:1', chainId: 10, raw: '0x10', hash: hash(16) },
        { nonce: '110', step: 'setup:0', chainId: 10, raw: '0x11', hash: hash(17) },
      ])
      await recordTransaction(sql, 110n, { step: 'fill', chainId: 8453, raw: '0x12', hash: hash(18) })
      await recordTransaction(sql, 110n, { step: 'claim:0', chainId: 10, raw: '0x13', hash: hash(19) })
      // A replacement rewrites the first entry (its row moves to the table's end), and every entry
      // carries the same time, as a batch written in one statement or within one clock tick does.
      expect(
        await rewriteTransaction(sql, 110n, 'setup:1', hash(16), {
          raw: '0x14',
          hash: hash(20),
          replaced: [{ raw: '0x10', hash: hash(16) }],
        }),
      ).toBe(true)
      await sql.query(`UPDATE intent_transactions SET created_at = '2026-01-01T00:00:00Z' WHERE nonce = 110`)
      const order = ['setup:1', 'setup:0', 'fill', 'claim:0']
      expect((await journalOf(sql, 110n)).map((e) => e.step)).toEqual(order)
      expect((await findIntentStatus(sql, 110n))!.journalSteps.map((e) => e.step)).toEqual(order)
      expect(
        (await openJournal(sql)).filter((e) => [16, 17, 18, 19, 20].some((n) => e.hash === hash(n))).map((e) => e.step),
      ).toEqual(order)
    },
  )

  it(
    'numbers a journal already recorded, on upgrade, by ' + 'when each entry was recorded, not where its row lies',
    async () => {
      await submitted(111n)
      const steps = ['setup:0', 'fill', 'claim:0']
      for (const [i, step] of steps.entries()) {
        await recordTransaction(sql, 111n, { step, chainId: 10, raw: '0x20', hash: hash(32 + i) })
        await sql.query(`UPDATE intent_transactions SET created_at = $2 WHERE nonce = 111 AND step = $1`, [
          step,
          `2026-01-01T00:00:0${i}Z`,
        ])
      }
      // The first entry replaced at its nonce: its row moves to the table's end, its time stays.
      await rewriteTransaction(sql, 111n, 'setup:0', hash(32), {
        raw: '0x21',
        hash: hash(35),
        replaced: [{ raw: '0x20', hash: hash(32) }],
      })
      // The table as it was before the sequence column, then migrated again.
      await sql.query('ALTER TABLE intent_transactions DROP COLUMN seq')
      await applyMigration(sql, migrations.find((m) => m.version === 11)!)
      await recordTransaction(sql, 111n, { step: 'destination-ops', chainId: 8453, raw: '0x22', hash: hash(36) })
      expect((await journalOf(sql, 111n)).map((e) => e.step)).toEqual([...steps, 'destination-ops'])
    },
  )

  it("sums the gas a sponsor's failed intents left unpaid, for that sponsor only, in any letter case", async () => {
    const other = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const
    const before = await unpaidGasOf(sql, sponsor)
    await submitted(121n)
    await submitted(122n)
    await updateIntent(sql, 121n, { status: 'FAILED', failureReason: 'expired', unpaidGasWei: 10n ** 15n })
    await updateIntent(sql, 122n, { status: 'FAILED', failureReason: 'expired', unpaidGasWei: 2n ** 80n })
    expect(await unpaidGasOf(sql, sponsor)).toBe(before + 10n ** 15n + 2n ** 80n)
    expect(await unpaidGasOf(sql, sponsor.toLowerCase() as typeof sponsor)).toBe(before + 10n ** 15n + 2n ** 80n)
    expect(await unpaidGasOf(sql, other)).toBe(0n)
  })
})
