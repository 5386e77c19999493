// Hostile and malformed submissions are refused with a 4xx naming why, and move nothing; a dry run
// checks everything and runs nothing; a second submission is 409; another key sees nothing.
import { parseUnits } from 'viem'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { settlement } from '../support/settlement'

const s = settlement()
const { chain } = s
const usdc = (v: string) => parseUnits(v, 6)
const sql = await openDatabase({ url: inject('databaseUrl') })
afterAll(() => sql.close())

/** A signed, unsubmitted route for a fresh account with locked USDC on 10, to 8453. */
async function signedRoute() {
  const account = chain.freshAccount()
  await chain.setEth(10, account.address, parseUnits('0.05', 18))
  await chain.mint(10, 'USDC', account.address, usdc('200'))
  await chain.lockErc20(10, account, 'USDC', usdc('200'), defaultLockTag)
  const { intentOp } = await s.route(account, {
    destinationChainId: 8453,
    tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('100').toString() }],
    account: { address: account.address, accountType: 'EOA' },
  })
  const signed = await s.sign(account, intentOp)
  const locked = () => chain.lockedBalance(10, account.address, lockId(defaultLockTag, chain.token(10, 'USDC').address))
  return { account, intentOp, signed, locked }
}

async function expectNothingHappened(r: Awaited<ReturnType<typeof signedRoute>>) {
  expect(await r.locked()).toBe(usdc('200'))
  expect((await s.call('GET', `/intent-operation/${r.intentOp.nonce}`)).status).toBe(404)
}

describe('POST /intent-operations refuses', () => {
  it('a tampered amount, naming the changed field', async () => {
    const r = await signedRoute()
    const tampered = structuredClone(r.signed)
    tampered.elements[0]!.mandate.tokenOut[0]![1] = (
      BigInt(tampered.elements[0]!.mandate.tokenOut[0]![1]) + 1n
    ).toString()
    const res = await s.submit(tampered)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].context.field).toBe('signedIntentOp.elements')
    await expectNothingHappened(r)
  })

  it('a signature by anyone but the sponsor', async () => {
    const r = await signedRoute()
    const other = await s.sign(chain.freshAccount(), r.intentOp)
    const res = await s.submit({ ...r.signed, originSignatures: other.originSignatures })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].context.field).toBe('signedIntentOp.originSignatures.0')
    expect(res.body.message).toMatch(/not the sponsor's signature/)
    await expectNothingHappened(r)
  })

  it('the wrong number of signatures, a route never issued, malformed bodies', async () => {
    const r = await signedRoute()
    const few = await s.submit({ ...r.signed, originSignatures: [] })
    expect(few.status).toBe(400)
    expect(few.body.errors[0].context.field).toBe('signedIntentOp.originSignatures')
    const unknown = await s.submit({ ...r.signed, nonce: '12345' })
    expect(unknown.status).toBe(404)
    const missing = await s.call('POST', '/intent-operations', { signedIntentOp: { nonce: r.intentOp.nonce } })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.map((e: { context: { field: string } }) => e.context.field)).toContain(
      'signedIntentOp.originSignatures',
    )
    const broken = await s.call('POST', '/intent-operations', '{"signedIntentOp":')
    expect(broken.status).toBe(400)
    expect(broken.body.message).toBe('entity.parse.failed')
    await expectNothingHappened(r)
  })

  it("another key's intent: neither submittable nor visible", async () => {
    const { key } = await createApiKey(sql, { name: 'other tenant', scopes })
    const r = await signedRoute()
    expect((await s.submit(r.signed, key)).status).toBe(404)
    await expectNothingHappened(r)
    const submitted = await s.submit(r.signed)
    expect(submitted.status).toBe(201)
    expect((await s.call('GET', `/intent-operation/${r.intentOp.nonce}`, undefined, key)).status).toBe(404)
    expect((await s.call('GET', `/accounts/${r.account.address}/intents`, undefined, key)).body.intents).toEqual([])
    await s.waitFinal(r.intentOp.nonce)
  })
})

describe('POST /intent-operations accepts', () => {
  it('a dry run: 201 and nothing stored or moved', async () => {
    const r = await signedRoute()
    const res = await s.submit({ ...r.signed, options: { dryRun: true } })
    expect(res.status).toBe(201)
    expect(res.body.result).toEqual({ id: r.intentOp.nonce, status: 'PENDING', dryRun: true })
    await expectNothingHappened(r)
  })

  it('a submission once; a replay is 409 and settles nothing twice', async () => {
    const r = await signedRoute()
    const first = await s.submit(r.signed)
    expect(first.status).toBe(201)
    const replay = await s.submit(r.signed)
    expect(replay.status).toBe(409)
    expect(replay.body.errors[0].context).toMatchObject({ field: 'signedIntentOp.nonce', id: r.intentOp.nonce })
    const status = await s.waitFinal(r.intentOp.nonce)
    expect(status.status).toBe('COMPLETED')
    expect(await r.locked()).toBe(usdc('200') - BigInt(r.intentOp.elements[0]!.idsAndAmounts[0]![1]))
    expect((await s.submit(r.signed)).status).toBe(409)
  })

  it("and lists the account's intents newest first with their statuses", async () => {
    const r = await signedRoute()
    expect((await s.submit(r.signed)).status).toBe(201)
    await s.waitFinal(r.intentOp.nonce)
    const list = await s.call('GET', `/accounts/${r.account.address}/intents?limit=5`)
    expect(list.status).toBe(200)
    expect(list.body.intents).toEqual([expect.objectContaining({ id: r.intentOp.nonce, status: 'COMPLETED' })])
    expect(list.body.nextCursor).toBeNull()
  })
})

describe('GET /intent-operation/{id}', () => {
  it('is 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await s.call('GET', '/intent-operation/99999999999')).status).toBe(404)
    const bad = await s.call('GET', '/intent-operation/abc')
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].context.field).toBe('id')
  })
})
