// The adversarial settlement suites' moves and reads against one stack: USDC holdings from raw
// chain reads, intent status polling, the chains' clocks moved together, a filler step sent as if
// the filler crashed right after it, and routes signed by a funded account. Each suite file binds
// its own stack with bindAdversary() in its beforeAll.
import type { Address, Hex, TransactionReceipt } from 'viem'
import { keccak256 } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { expect } from 'vitest'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { type Call, settlementPlan } from '../../lib/filler/settlementCalls'
import { recordTransaction } from '../../lib/storage/journalStore'
import type { Sql } from '../../lib/storage/sql'
import type { settlement } from './settlement'

const chainIds = [1, 10, 8453, 42161]
let s: ReturnType<typeof settlement>
let sql: Sql

/** Binds the helpers below to this suite's settlement client and database. */
export function bindAdversary(bound: { s: ReturnType<typeof settlement>; sql: Sql }) {
  s = bound.s
  sql = bound.sql
}

export async function usdcHoldings(owners: Address[]): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {}
  for (const owner of owners) for (const id of chainIds) out[`${id}:${owner}`] = await s.chain.erc20Balance(id, 'USDC', owner)
  return out
}

export async function status(id: string) {
  return (await s.call('GET', `/intent-operation/${id}`)).body
}

export async function waitFor(id: string, done: (body: any) => boolean, what: string) {
  const until = Date.now() + 25_000
  for (;;) {
    const body = await status(id)
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
