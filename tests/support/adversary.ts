// The adversarial settlement suites' moves and reads against one stack: USDC holdings from raw
// chain reads, intent status polling, the chains' clocks moved together, a filler step sent as if
// the filler crashed right after it, and routes signed by a funded account. Each suite file starts
// a stack of its own with adversarialStack() (it stops the filler and the attester and moves the
// chains' clocks), which binds these helpers to it.
import type { Address, Hex, TransactionReceipt } from 'viem'
import { encodeFunctionData, erc20Abi, hashStruct, keccak256, pad, parseAbi, zeroAddress } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { allocatorAbi } from '../../lib/core/abi/allocator'
import { permit2Abi } from '../../lib/core/abi/permit2'
import { signature } from '../../lib/core/abi/signature'
import { lockContractAbi } from '../../lib/core/abi/theCompact'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { compactSigningContract, compactTypes, mandateWitnessTypestring } from '../../lib/core/intentOp/typedData'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
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

export type AdversarialStack = { stack: Stack; sql: Sql; s: ReturnType<typeof settlement>; apiKey: string }

/** Registers the suite file's beforeAll and afterAll: a stack of its own, its database opened, a key
 * with every scope named `name`, and the helpers below bound to them. The fields are set once
 * beforeAll has run. */
export function adversarialStack(name: string, options: { fillers?: 1 | 2 } = {}): AdversarialStack {
  const suite = {} as AdversarialStack
  beforeAll(async () => {
    suite.stack = await startStack(options)
    suite.sql = await openDatabase({ url: suite.stack.databaseUrl })
    const { key } = await createApiKey(suite.sql, { name, scopes })
    suite.apiKey = key
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
  for (const owner of owners)
    for (const id of chainIds) out[`${id}:${owner}`] = await s.chain.erc20Balance(id, 'USDC', owner)
  return out
}

/** An intent's status, read with the key that submitted it (the suite's, unless another is given). */
export async function status(id: string, via: ReturnType<typeof settlement> = s) {
  return (await via.call('GET', `/intent-operation/${id}`)).body
}

export async function waitFor(
  id: string,
  done: (body: any) => boolean,
  what: string,
  via: ReturnType<typeof settlement> = s,
) {
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
/** Journals a transaction signed with the (first) filler key for the intent, bound to that key as
 * its claim binds it (intentClaims.ts): only a process sending from it takes the intent over. */
export async function journalAsFiller(
  intentId: string,
  entry: { step: string; chainId: number; raw: Hex; hash: Hex },
): Promise<void> {
  await sql.query('UPDATE intents SET filler_address = lower($2) WHERE nonce::text = $1', [
    intentId,
    fillerAccount.address,
  ])
  expect(await recordTransaction(sql, intentId, entry)).toBe(true)
}

export async function stepBeforeCrash(intentId: string, step: string, call: Call): Promise<TransactionReceipt> {
  const client = s.chain.client(call.chainId)
  const authorizationList = call.authorizationList ? { authorizationList: call.authorizationList } : {}
  const request = await client.prepareTransactionRequest({
    account: fillerAccount,
    to: call.to,
    data: call.data,
    value: call.value,
    chain: client.chain,
    ...authorizationList,
  } as never)
  const raw = await fillerAccount.signTransaction(request as never)
  await journalAsFiller(intentId, { step, chainId: call.chainId, raw, hash: keccak256(raw) })
  const receipt = await client.waitForTransactionReceipt({
    hash: await client.sendRawTransaction({ serializedTransaction: raw }),
  })
  expect(receipt.status).toBe('success')
  return receipt
}

/** What the filler would send, signed with its key and journaled for the intent, sent while the
 * chain mines nothing, then left behind: the next block's base fee rises well above the fee it was
 * signed with and it is dropped from the pool (a filler that crashed after this step, which the
 * node now refuses for good). Returns the journaled bytes' hash. */
export async function stepOutpriced(intentId: string, step: string, call: Call): Promise<Hex> {
  const client = s.chain.client(call.chainId)
  const request = await client.prepareTransactionRequest({
    account: fillerAccount,
    to: call.to,
    data: call.data,
    value: call.value,
    chain: client.chain,
  })
  const raw = await fillerAccount.signTransaction(request as never)
  const hash = keccak256(raw)
  await journalAsFiller(intentId, { step, chainId: call.chainId, raw, hash })
  const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never)
  await rpc('evm_setAutomine', [false])
  try {
    await client.sendRawTransaction({ serializedTransaction: raw })
    await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${(request.maxFeePerGas! * 10n).toString(16)}`])
    await rpc('evm_mine', [])
    await rpc('anvil_dropTransaction', [hash])
  } finally {
    await rpc('evm_setAutomine', [true])
  }
  expect(await client.getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined()
  await expect(client.sendRawTransaction({ serializedTransaction: raw })).rejects.toThrow(/base fee/)
  return hash
}

export async function routed(account: PrivateKeyAccount, body: Record<string, unknown>) {
  const { intentOp } = await s.route(account, { account: { address: account.address, accountType: 'EOA' }, ...body })
  return { intentOp, signed: await s.sign(account, intentOp) }
}

/** A Safe 1.4.1 with one owner (threshold 1) runs `data` on `to` through its own execTransaction. */
export async function safeExec(
  chainId: number,
  safeAddress: Address,
  owner: PrivateKeyAccount,
  to: Address,
  data: Hex,
) {
  const client = s.chain.client(chainId)
  const nonce = await client.readContract({ address: safeAddress, abi: safeAbi, functionName: 'nonce' })
  const tx = {
    to,
    value: 0n,
    data,
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  }
  const signature = await owner.signTypedData({
    domain: { chainId, verifyingContract: safeAddress },
    types: safeTxTypes,
    primaryType: 'SafeTx',
    message: tx,
  })
  const args = [to, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, signature] as const
  return s.chain.send(chainId, {
    account: owner,
    to: safeAddress,
    data: encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args }),
    chain: client.chain,
  })
}

const safeAbi = parseAbi([
  'function nonce() view returns (uint256)',
  signature(
    'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, ',
    'uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) ',
    'payable returns (bool)',
  ),
])
const safeTxTypes = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

export const planOf = (signed: WireIntentOp & { originSignatures: Hex[] }) =>
  settlementPlan(signed, signed.originSignatures, fillerAccount.address)

/** The sponsor burns its own Permit2 nonce on `chainId` (invalidateUnorderedNonces). */
export function burnPermit2Nonce(account: PrivateKeyAccount, chainId: number, nonce: bigint) {
  const data = encodeFunctionData({
    abi: permit2Abi,
    functionName: 'invalidateUnorderedNonces',
    args: [nonce >> 8n, 1n << (nonce & 255n)],
  })
  return s.chain.send(chainId, { account, to: addresses.permit2, data, chain: s.chain.client(chainId).chain })
}

/** The sponsor pulls Permit2's allowance of `token` on `chainId`. */
export function revokePermit2(account: PrivateKeyAccount, chainId: number, token: Address) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addresses.permit2, 0n] })
  return s.chain.send(chainId, { account, to: token, data, chain: s.chain.client(chainId).chain })
}

/** The sponsor burns a compact nonce on `chainId`: it signs a compact with itself as arbiter over 1
 * unit of its USDC lock there, and claims it back to itself through The Compact's batch multichain
 * claim, so the nonce is used and nobody is paid. */
export async function burnCompactNonce(account: PrivateKeyAccount, chainId: number, nonce: bigint, expires: bigint) {
  const data = await compactNonceBurn(account, chainId, nonce, expires)
  return s.chain.send(chainId, { account, to: addresses.theCompact, data, chain: s.chain.client(chainId).chain })
}

/** The allocator's `allocate` of a one-element compact `account` signs over `amount` of its own
 * USDC lock under `nonce` (someone else's, when an attacker squats it). */
export async function squatAllocation(
  account: PrivateKeyAccount,
  chainId: number,
  nonce: bigint,
  expires: bigint,
  amount = 0n,
): Promise<Hex> {
  const usdc = s.chain.token(chainId, 'USDC').address
  const { mandate, commitments, signature } = await selfCompact(account, chainId, nonce, expires, amount)
  const element = { arbiter: account.address, chainId: BigInt(chainId), commitments, mandate }
  const commitment = {
    sponsor: account.address,
    nonce,
    expires,
    arbiter: account.address,
    idsAndAmounts: [[lockId(defaultLockTag, usdc), amount]] as const,
    witness: hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate }),
    witnessTypestring: mandateWitnessTypestring,
    elementHashes: [hashStruct({ types: compactTypes, primaryType: 'Element', data: element })],
    elementIndex: 0n,
    notarizedChainId: BigInt(chainId),
    sponsorSignature: signature,
  }
  return encodeFunctionData({ abi: allocatorAbi, functionName: 'allocate', args: [commitment] })
}

/** A one-element compact `account` signs with itself as arbiter over `amount` of its USDC lock. */
async function selfCompact(
  account: PrivateKeyAccount,
  chainId: number,
  nonce: bigint,
  expires: bigint,
  amount: bigint,
) {
  const usdc = s.chain.token(chainId, 'USDC').address
  const mandate = {
    target: { recipient: account.address, tokenOut: [], targetChain: BigInt(chainId), fillExpiry: expires },
    minGas: 0n,
    originOps: { vt: pad('0x00', { size: 32 }), ops: [] },
    destOps: { vt: pad('0x00', { size: 32 }), ops: [] },
    q: pad('0x00', { size: 32 }),
  }
  const commitments = [{ lockTag: defaultLockTag, token: usdc, amount }]
  const message = {
    sponsor: account.address,
    nonce,
    expires,
    elements: [{ arbiter: account.address, chainId: BigInt(chainId), commitments, mandate }],
  }
  const signature = await account.signTypedData({
    domain: { name: 'The Compact', version: '1', chainId, verifyingContract: compactSigningContract },
    types: compactTypes,
    primaryType: 'MultichainCompact',
    message,
  })
  return { mandate, commitments, signature }
}

/** The lock contract's batch multichain claim of a compact `account` signs with itself as arbiter
 * over `amount` of its USDC lock, paid back to itself: it uses the nonce and pays nobody. */
export async function compactNonceBurn(
  account: PrivateKeyAccount,
  chainId: number,
  nonce: bigint,
  expires: bigint,
  amount = 1n,
): Promise<Hex> {
  const usdc = s.chain.token(chainId, 'USDC').address
  const { mandate, signature } = await selfCompact(account, chainId, nonce, expires, amount)
  const toItself = (BigInt(defaultLockTag) << 160n) | BigInt(account.address)
  return encodeFunctionData({
    abi: lockContractAbi,
    functionName: 'batchMultichainClaim',
    args: [
      {
        allocatorData: '0x',
        sponsorSignature: signature,
        sponsor: account.address,
        nonce,
        expires,
        witness: hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate }),
        witnessTypestring: mandateWitnessTypestring,
        claims: [
          { id: lockId(defaultLockTag, usdc), allocatedAmount: amount, portions: [{ claimant: toItself, amount }] },
        ],
        additionalChains: [],
      },
    ],
  })
}
