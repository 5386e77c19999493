// The filler is restart-safe and alone: an intent submitted while it is down waits and settles when
// it is back; a transaction journaled (or even mined) before a crash is not sent twice; two fillers
// on one database never both fill; simulation reverts are counted with the intent, so a restart does
// not reset them. Uses a stack of its own, since it stops and starts fillers.
// Locked-funds routes settle fill first: the first step a crash can interrupt is the fill.
import { encodeFunctionData, erc20Abi, type Hex, keccak256, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { arbiterAbi } from '../../lib/core/abi/arbiter'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { devnetFillerEnv, devnetFillerKey } from '../../lib/devnet/fillerEnv'
import { SIMULATION_ATTEMPTS } from '../../lib/filler/intentMachine'
import { fillPlan } from '../../lib/filler/settlementCalls'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { findIntent } from '../../lib/storage/intentStore'
import { recordTransaction } from '../../lib/storage/journalStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { spawnFiller } from '../../lib/worker/spawnFiller'
import { devnetActions } from '../support/devnetActions'
import { fundedAccount, sdkMessages, settlement } from '../support/settlement'
import { type Stack, startStack } from '../support/stack'

let stack: Stack
let sql: Sql
let key: string
let chain: ReturnType<typeof devnetActions>
const filler = privateKeyToAccount(devnetFillerKey())
const usdc = (v: string) => parseUnits(v, 6)
const filledEvent = arbiterAbi.find((item) => item.type === 'event' && item.name === 'Filled')!

beforeAll(async () => {
  stack = await startStack()
  sql = await openDatabase({ url: stack.databaseUrl })
  key = (await createApiKey(sql, { name: 'filler suite', scopes })).key
  chain = devnetActions(stack.devnet.rpcUrls)
}, 180_000)

afterAll(async () => {
  await sql?.close()
  await stack?.stop()
})

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${stack.baseUrl}/api/v1${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** A signed route from locked USDC on 10 to 8453 for a fresh account. */
async function signedIntent() {
  const account = chain.freshAccount()
  await chain.setEth(10, account.address, parseUnits('0.05', 18))
  await chain.mint(10, 'USDC', account.address, usdc('100'))
  await chain.lockErc20(10, account, 'USDC', usdc('100'), defaultLockTag)
  const route = await call('POST', '/intents/route', {
    destinationChainId: 8453,
    tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
    account: { address: account.address, accountType: 'EOA' },
  })
  const intentOp = route.body.intentOp as WireIntentOp
  const originSignatures: Hex[] = []
  for (const typed of sdkMessages(account.address, intentOp))
    originSignatures.push(await account.signTypedData(typed as never))
  return { intentOp, signed: { ...intentOp, originSignatures, destinationSignature: originSignatures.at(-1)! } }
}

async function waitFinal(id: string) {
  for (;;) {
    const r = await call('GET', `/intent-operation/${id}`)
    if (['COMPLETED', 'FAILED'].includes(r.body.status)) return r.body
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('the filler', () => {
  it(
    'settles after a restart what was submitted while it ' + 'was down, including a fill journaled before a crash',
    async () => {
      await stack.filler.stop()
      const a = await signedIntent()
      const b = await signedIntent()
      expect((await call('POST', '/intent-operations', { signedIntentOp: a.signed })).status).toBe(201)
      expect((await call('POST', '/intent-operations', { signedIntentOp: b.signed })).status).toBe(201)
      expect((await call('GET', `/intent-operation/${a.intentOp.nonce}`)).body.status).toBe('PENDING')

      // b: the fill was signed and journaled, then the filler died before broadcasting it.
      const stepB = fillPlan(b.intentOp, filler.address)
      const client = chain.client(8453)
      const rawB = await filler.signTransaction(
        (await client.prepareTransactionRequest({
          account: filler,
          to: stepB.call.to,
          data: stepB.call.data,
          value: stepB.call.value,
          chain: client.chain,
        })) as never,
      )
      expect(
        await recordTransaction(sql, b.intentOp.nonce, {
          step: 'fill',
          chainId: 8453,
          raw: rawB,
          hash: keccak256(rawB),
        }),
      ).toBe(true)

      await stack.filler.start()
      const [doneA, doneB] = [await waitFinal(a.intentOp.nonce), await waitFinal(b.intentOp.nonce)]
      expect(doneA.status).toBe('COMPLETED')
      expect(doneB.status).toBe('COMPLETED')
      expect(doneB.fillTransactionHash).toBe(keccak256(rawB)) // the journaled bytes, not a second fill
      expect(doneB.claims[0].status).toBe('COMPLETED') // claimed after the fill, against the attestation
    },
  )

  it('a fill mined just before a crash is recorded, not sent again', async () => {
    await stack.filler.stop()
    const c = await signedIntent()
    expect((await call('POST', '/intent-operations', { signedIntentOp: c.signed })).status).toBe(201)
    const step = fillPlan(c.intentOp, filler.address)
    const client = chain.client(8453)
    const raw = await filler.signTransaction(
      (await client.prepareTransactionRequest({
        account: filler,
        to: step.call.to,
        data: step.call.data,
        value: step.call.value,
        chain: client.chain,
      })) as never,
    )
    await recordTransaction(sql, c.intentOp.nonce, { step: 'fill', chainId: 8453, raw, hash: keccak256(raw) })
    const mined = await client.waitForTransactionReceipt({
      hash: await client.sendRawTransaction({ serializedTransaction: raw }),
    })
    expect(mined.status).toBe('success')
    expect((await findIntent(sql, BigInt(c.intentOp.nonce)))!.status).toBe('PENDING')

    await stack.filler.start()
    const done = await waitFinal(c.intentOp.nonce)
    expect(done.status).toBe('COMPLETED')
    expect(done.fillTransactionHash).toBe(mined.transactionHash)
    expect(done.claims[0].status).toBe('COMPLETED')
  })

  it('with two fillers on one database, exactly one fills and every intent settles once', async () => {
    let secondOutput = ''
    const second = spawnFiller(
      devnetFillerEnv(stack.devnet.rpcUrls, stack.databaseUrl),
      (chunk) => (secondOutput += chunk.toString()),
    )
    try {
      // up and polling the lease
      while (!secondOutput.includes('filler started')) await new Promise((resolve) => setTimeout(resolve, 50))
      // the operator funds them one after another
      const intents = [await signedIntent(), await signedIntent(), await signedIntent()]
      for (const i of intents)
        expect((await call('POST', '/intent-operations', { signedIntentOp: i.signed })).status).toBe(201)
      const done = await Promise.all(intents.map((i) => waitFinal(i.intentOp.nonce)))
      expect(done.map((d) => d.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED'])
      expect(new Set(done.map((d) => d.claims[0].claimTransactionHash)).size).toBe(3)
      expect(secondOutput).toContain('filler started')
      expect(secondOutput).not.toContain('"msg":"filling"') // the first holds the lease throughout
    } finally {
      await second.stop()
    }
  })
  it('two fillers started together, the holder killed mid-settlement: the other ' +
    'takes over once the lease lapsed and every intent is filled exactly once', async () => {
    await stack.filler.stop()
    const intents = [
      await signedIntent(),
      await signedIntent(),
      await signedIntent(),
      await signedIntent(),
      await signedIntent(),
      await signedIntent(),
    ]
    const base = chain.client(8453)
    const fromBlock = await base.getBlockNumber({ cacheTime: 0 })
    const outputs = ['', '']
    const fillers = [0, 1].map((i) =>
      spawnFiller(
        devnetFillerEnv(stack.devnet.rpcUrls, stack.databaseUrl),
        (chunk) => (outputs[i] += chunk.toString()),
      ),
    )
    try {
      const holder = await Promise.race(fillers.map((f, i) => f.ready.then(() => i)))
      const other = 1 - holder
      for (const i of intents)
        expect((await call('POST', '/intent-operations', { signedIntentOp: i.signed })).status).toBe(201)
      // Killed (no clean release of the lease) as soon as it filled one: the others are in flight or not started.
      while (!outputs[holder]!.includes('"msg":"intent filled"'))
        await new Promise((resolve) => setTimeout(resolve, 20))
      process.kill(fillers[holder]!.pid, 'SIGKILL')
      const done = await Promise.all(intents.map((i) => waitFinal(i.intentOp.nonce)))
      expect(done.map((d) => d.status)).toEqual(intents.map(() => 'COMPLETED'))
      expect(outputs[other]).toContain('"msg":"filling"')
      // On chain: one Filled event per intent, in the transaction the status names.
      const fills = await base.getLogs({ event: filledEvent, fromBlock, toBlock: 'latest' })
      for (const [k, i] of intents.entries()) {
        const mine = fills.filter((log) => String(log.args.nonce) === i.intentOp.nonce)
        expect(mine.map((log) => log.transactionHash)).toEqual([done[k].fillTransactionHash])
      }
    } finally {
      await Promise.all(fillers.map((f) => f.stop()))
      await stack.filler.start()
    }
  }, 180_000)

  it(
    'counts simulation reverts with the intent: a restarted ' +
      'filler goes on from the count, it does not start again',
    async () => {
      const s = settlement({ baseUrl: stack.baseUrl, apiKey: key, rpcUrls: stack.devnet.rpcUrls })
      const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
      const { intentOp } = await s.route(account, {
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        account: { address: account.address, accountType: 'EOA' },
      })
      expect(intentOp.elements[0]!.mandate.qualifier.settlementContext.fundingMethod).toBe('PERMIT2')
      // The sponsor pulls Permit2's allowance: every simulation of the escrow reverts.
      const usdcOnBase = s.chain.token(8453, 'USDC').address
      await s.chain.send(8453, {
        account,
        to: usdcOnBase,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addresses.permit2, 0n] }),
        chain: s.chain.client(8453).chain,
      })
      const id = BigInt(intentOp.nonce)
      expect((await s.submit(await s.sign(account, intentOp))).status).toBe(201)
      while (((await findIntent(sql, id))?.simulationReverts ?? 0) === 0)
        await new Promise((resolve) => setTimeout(resolve, 20))
      await stack.filler.stop()
      const stopped = (await findIntent(sql, id))!
      expect(stopped.status).toBe('PENDING') // stopped between two attempts
      expect(stopped.simulationReverts).toBeGreaterThanOrEqual(1)
      expect(stopped.simulationReverts).toBeLessThan(SIMULATION_ATTEMPTS)

      const logsBefore = stack.logs().length
      await stack.filler.start()
      const done = await waitFinal(intentOp.nonce)
      expect(done.status).toBe('FAILED')
      expect(done.failureReason).toMatch(/escrow of element 0 on chain 8453 would revert/)
      expect((await findIntent(sql, id))!.simulationReverts).toBe(SIMULATION_ATTEMPTS)
      // Counted once each across the restart: attempts 1 … SIMULATION_ATTEMPTS - 1 were tried again
      // later, the last failed the intent; a filler that started counting again would repeat some.
      const attempts = stack
        .logs()
        .split('\n')
        .filter(
          (l) =>
            l.includes(`"id":"${intentOp.nonce}"`) && l.includes('"msg":"simulation reverted; trying again later"'),
        )
        .map((l) => JSON.parse(l).attempt as number)
      expect(attempts).toEqual(Array.from({ length: SIMULATION_ATTEMPTS - 1 }, (_, i) => i + 1))
      const failedAfterRestart = stack
        .logs()
        .slice(logsBefore)
        .split('\n')
        .filter((l) => l.includes(`"id":"${intentOp.nonce}"`) && l.includes('"msg":"intent failed"'))
      expect(failedAfterRestart).toHaveLength(1)
    },
  )
})
