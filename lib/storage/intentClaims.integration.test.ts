// Per-intent claims on every database kind (Postgres when TEST_DATABASE_URL is set): fillers
// claiming at once take disjoint intents, oldest first; a claim holds against others until it
// lapses or is given back; an intent that sent a transaction goes only to its own sending account;
// renewals keep what is still held and drop what another took or what is final.
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds } from '../../tests/support/testDatabases'
import { claimIntents, releaseClaims, renewClaims } from './intentClaims'
import { insertIntent, updateIntent } from './intentStore'
import { recordTransaction } from './journalStore'
import { recordRoute } from './routeStore'

const sponsor = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const issuedBy = 'label:test'
const A = { holder: 'a', sender: '0x00000000000000000000000000000000000000Aa' }
const A2 = { holder: 'a-restarted', sender: A.sender }
const B = { holder: 'b', sender: '0x00000000000000000000000000000000000000bB' }

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)
  let next = 1_000n

  /** Submits `count` intents; their nonces, oldest first. */
  const submit = async (count: number): Promise<string[]> => {
    const nonces: string[] = []
    for (let i = 0; i < count; i++) {
      const nonce = next++
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
      const intent = { nonce, sponsor, destinationChainId: 8453, signedIntentOp: {}, claims: [], issuedBy }
      await insertIntent(sql, { ...intent, fillDeadline: 1n, expires: 1n })
      nonces.push(nonce.toString())
    }
    return nonces
  }
  /** Gives back every claim on the intents a test leaves open, so the next test sees only its own. */
  const finish = async (nonces: string[]) => {
    for (const n of nonces) await updateIntent(sql, n, { status: 'COMPLETED' })
  }

  it('of 4 fillers claiming 40 intents at once, each intent goes to exactly one', async () => {
    const nonces = await submit(40)
    const who = (i: number) => ({ holder: `racer-${i}`, sender: `0x${String(i).padStart(40, '0')}` })
    const taken = await Promise.all(
      Array.from({ length: 4 }, (_, i) => claimIntents(sql, who(i), { limit: 15, ms: 10_000 })),
    )
    const all = taken.flat().map((t) => t.nonce)
    expect(new Set(all).size).toBe(all.length)
    expect(all.sort()).toEqual(nonces.sort())
    // Each process's share comes back oldest first.
    for (const share of taken) {
      const created = share.map((t) => t.createdAt.getTime())
      expect(created).toEqual([...created].sort((x, y) => x - y))
    }
    await finish(nonces)
  })

  it('holds a claim against others until it is given back; skips what the holder asks to skip', async () => {
    const [first, second] = await submit(2)
    expect((await claimIntents(sql, A, { limit: 1, ms: 10_000 })).map((t) => t.nonce)).toEqual([first])
    expect((await claimIntents(sql, B, { limit: 5, ms: 10_000 })).map((t) => t.nonce)).toEqual([second])
    expect(await claimIntents(sql, B, { limit: 5, ms: 10_000, skip: [second!] })).toEqual([])
    // Its own holder gets it again (a task that ended and starts anew).
    expect((await claimIntents(sql, A, { limit: 5, ms: 10_000 })).map((t) => t.nonce)).toEqual([first])
    await releaseClaims(sql, A.holder, [first!])
    expect((await claimIntents(sql, B, { limit: 5, ms: 10_000, skip: [second!] })).map((t) => t.nonce)).toEqual([first])
    await finish([first!, second!])
  })

  it('passes a lapsed claim on: to any filler while nothing was sent, then only to its sending account', async () => {
    const [fresh, started] = await submit(2)
    expect(await claimIntents(sql, A, { limit: 2, ms: 1 })).toHaveLength(2)
    const raw = `0x${'01'.repeat(40)}` as Hex
    await recordTransaction(sql, started!, { step: 'fill', chainId: 8453, raw, hash: `0x${'02'.repeat(32)}` })
    await new Promise((r) => setTimeout(r, 20))
    // B (another key) takes the intent with nothing sent, not the one A's key sent a transaction for.
    expect((await claimIntents(sql, B, { limit: 5, ms: 10_000 })).map((t) => t.nonce)).toEqual([fresh])
    // A restarted process with A's key takes that one over.
    expect((await claimIntents(sql, A2, { limit: 5, ms: 10_000 })).map((t) => t.nonce)).toEqual([started])
    await finish([fresh!, started!])
  })

  it('renews what the holder still holds, and drops what another took over or what is final', async () => {
    const [kept, lost, done] = await submit(3)
    expect(await claimIntents(sql, A, { limit: 3, ms: 1 })).toHaveLength(3)
    await new Promise((r) => setTimeout(r, 20))
    expect((await renewClaims(sql, A.holder, [kept!], 10_000)).has(kept!)).toBe(true)
    expect((await claimIntents(sql, B, { limit: 1, ms: 10_000, skip: [done!] })).map((t) => t.nonce)).toEqual([lost])
    await updateIntent(sql, done!, { status: 'COMPLETED' })
    expect([...(await renewClaims(sql, A.holder, [kept!, lost!, done!], 10_000))]).toEqual([kept])
    await finish([kept!, lost!])
  })
})
