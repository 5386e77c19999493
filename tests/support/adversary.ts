// The adversarial settlement suites' moves and reads against one stack: USDC holdings from raw
// chain reads, intent status polling, the chains' clocks moved together, a filler step sent as if
// the filler crashed right after it, and routes signed by a funded account. Each suite file starts
// a stack of its own with adversarialStack() (it stops the filler and the attester and moves the
// chains' clocks), which binds these helpers to it.
import type { Address, Hex, TransactionReceipt } from 'viem'
import { keccak256 } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { type Call, settlementPlan } from '../../lib/filler/settlementCalls'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { recordTransaction } from '../../lib/storage/journalStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { settlement } from './settlement'
import { type Stack, startStack } from './stack'

const chainIds = [1, 10, 8453, 42161]
let s: ReturnType<typeof settlement>
let sql: Sql

export type AdversarialStack = { stack: Stack; sql: Sql; s: ReturnType<typeof settlement> }

/** Registers the suite file's beforeAll and afterAll: a stack of its own, its database opened, a key
 * with every scope named `name`, and the helpers below bound to them. The fields are set once
 * beforeAll has run. */
export function adversarialStack(name: string): AdversarialStack {
  const suite = {} as AdversarialStack
  beforeAll(async () => {
    suite.stack = await startStack()
    suite.sql = await openDatabase({ url: suite.stack.databaseUrl })
    const { key } = await createApiKey(suite.sql, { name, scopes })
    suite.s = settlement({ baseUrl: suite.stack.baseUrl, apiKey: key, rpcUrls: suite.stack.devnet.rpcUrls })
    s = suite.s
    sql = suite.sql
  }, 240_000)
  afterAll(async () => {
    await suite.sql?.close()
    await suite.stack?.stop()
  })
  return suite
}

export async function usdcHoldings(owners: Address[]): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {}
  for (const owner of owners) for (const id of chainIds) out[`${id}:${owner}`] = await s.chain.erc20Balance(id, 'USDC', owner)
  return out
}

/** An intent's status, read with the key that submitted it (the suite's, unless another is given). */
export async function status(id: string, via: ReturnType<typeof settlement> = s) {
  return (await via.call('GET', `/intent-operation/${id}`)).body
}

export async function waitFor(id: string, done: (body: any) => boolean, what: string, via: ReturnType<typeof settlement> = s) {
  const until = Date.now() + 25_000
  for (;;) {
    const body = await status(id, via)
    if (done(body)) return body
    if (Date.now() > until) throw new Error(`intent ${id} never reached ${what}: ${JSON.stringify(body)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Moves every chain's clock to the same second, at least `atLeast`. */
export async function warpTo(atLeast: bigint) {
  let target = atLeast
  for (const id of chainIds) {
    const t = (await s.chain.client(id).getBlock()).timestamp + 1n
    if (t > target) target = t
  }
  for (const id of chainIds) {
    await s.chain.client(id).setNextBlockTimestamp({ timestamp: target })
    await s.chain.client(id).mine({ blocks: 1 })
  }
}

/** What the filler would send, signed with its key, journaled for the intent and mined: a filler
 * that crashed right after this step. */
export async function stepBeforeCrash(intentId: string, step: string, call: Call): Promise<TransactionReceipt> {
  const client = s.chain.client(call.chainId)
  const request = await client.prepareTransactionRequest({ account: fillerAccount, to: call.to, data: call.data, value: call.value, chain: client.chain })
  const raw = await fillerAccount.signTransaction(request as never)
  expect(await recordTransaction(sql, intentId, { step, chainId: call.chainId, raw, hash: keccak256(raw) })).toBe(true)
  const receipt = await client.waitForTransactionReceipt({ hash: await client.sendRawTransaction({ serializedTransaction: raw }) })
  expect(receipt.status).toBe('success')
  return receipt
}

export async function routed(account: PrivateKeyAccount, body: Record<string, unknown>) {
  const { intentOp } = await s.route(account, { account: { address: account.address, accountType: 'EOA' }, ...body })
  return { intentOp, signed: await s.sign(account, intentOp) }
}

export const planOf = (signed: WireIntentOp & { originSignatures: Hex[] }) => settlementPlan(signed, signed.originSignatures, fillerAccount.address)
