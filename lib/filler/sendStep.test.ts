// sendStep on a journaled transaction the node refuses for good, with a chain of plain functions:
// bytes whose fee the base fee outgrew are signed again at their nonce with a bump and journaled in
// their place (the old bytes kept with the entry), a bounded number of times; any other refusal is
// tried again with the same bytes; old bytes mined after all are recognised as the step's.
import {
  createPublicClient,
  custom,
  type Hex,
  keccak256,
  parseTransaction,
  RpcRequestError,
  TransactionReceiptNotFoundError,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../storage/journalStore'
import type { FillerChain } from '../worker/fillerChains'
import { MAX_REPLACEMENTS, revertReason, StepRevertedError, sendStep } from './sendStep'

const gwei = 1_000_000_000n
const account = privateKeyToAccount(generatePrivateKey())
const target = '0x00000000000000000000000000000000000000aa' as const

function fakeChain(refuse: (raw: Hex) => string | undefined) {
  const mined = new Map<Hex, { status: 'success'; blockNumber: bigint; transactionHash: Hex }>()
  const sent: Hex[] = []
  const client = {
    getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
      const r = mined.get(hash)
      if (!r) throw new TransactionReceiptNotFoundError({ hash })
      return r
    },
    waitForTransactionReceipt: async ({ hash }: { hash: Hex }) => {
      const r = mined.get(hash)
      if (!r) throw new Error('timed out')
      return r
    },
    sendRawTransaction: async ({ serializedTransaction: raw }: { serializedTransaction: Hex }) => {
      const refusal = refuse(raw)
      if (refusal) throw new Error(refusal)
      sent.push(raw)
      mined.set(keccak256(raw), { status: 'success', blockNumber: 1n, transactionHash: keccak256(raw) })
      return keccak256(raw)
    },
    estimateFeesPerGas: async () => ({ maxFeePerGas: 40n * gwei, maxPriorityFeePerGas: 1n * gwei }),
    getBlock: async () => ({ timestamp: 100n, baseFeePerGas: 20n * gwei }),
    getTransactionCount: async () => 7,
  }
  const chain = {
    chainId: 10,
    chain: { id: 10 },
    client,
    account,
    fence: () => {},
    refillNonces: async () => ({ resent: 0, filled: 0 }),
  } as unknown as FillerChain
  return { chain, mined, sent }
}

function fakeSql() {
  const updates: unknown[][] = []
  return {
    updates,
    sql: {
      query: async (text: string, params?: unknown[]) => {
        if (text.startsWith('UPDATE intent_transactions')) updates.push(params ?? [])
        return [{ step: 'fill' }]
      },
    },
  }
}

/** The step's transaction as journaled before the base fee rose: 2 gwei at most, nonce 7. */
async function journaledAt2Gwei(): Promise<JournalEntry> {
  const raw = await account.signTransaction({
    chainId: 10,
    type: 'eip1559',
    to: target,
    data: '0x1234',
    value: 0n,
    gas: 50_000n,
    nonce: 7,
    maxFeePerGas: 2n * gwei,
    maxPriorityFeePerGas: gwei,
  })
  return { step: 'fill', chainId: 10, raw, hash: keccak256(raw) }
}

const step = (
  sql: { query: (text: string, params?: unknown[]) => Promise<unknown[]> },
  chain: FillerChain,
  journal: Map<string, JournalEntry>,
) =>
  sendStep({
    sql: sql as never,
    intent: '1',
    step: 'fill',
    chain,
    confirmations: 0,
    journal,
    call: { chainId: 10, to: target, data: '0x1234', value: 0n },
    proof: () => true,
  })

describe('sendStep with journaled bytes the node refuses for good', () => {
  it(
    'a fee below the risen base fee: the step is signed again at its ' +
      'nonce with a bump, journaled in place of the old bytes, and mined',
    async () => {
      const old = await journaledAt2Gwei()
      const { chain, sent } = fakeChain((raw) =>
        raw === old.raw ? 'max fee per gas less than block base fee' : undefined,
      )
      const { sql, updates } = fakeSql()
      const journal = new Map([['fill', old]])
      const result = await step(sql, chain, journal)
      expect(result.hash).not.toBe(old.hash)
      const replacement = parseTransaction(sent[0]!)
      expect(replacement).toMatchObject({
        nonce: 7,
        to: target,
        data: '0x1234',
        gas: 50_000n,
        maxFeePerGas: 40n * gwei,
      })
      expect(replacement.maxPriorityFeePerGas).toBeGreaterThan((gwei * 9n) / 8n)
      // Journaled before it was sent, in place of the old bytes, which the entry keeps.
      expect(updates).toHaveLength(1)
      expect(updates[0]!.slice(2, 4)).toEqual([sent[0], result.hash])
      expect(JSON.parse(updates[0]![4] as string)).toEqual([{ raw: old.raw, hash: old.hash }])
      expect(updates[0]![5]).toBe(old.hash)
      expect(journal.get('fill')).toMatchObject({ hash: result.hash, replaced: [{ hash: old.hash }] })
    },
  )

  it(
    'a refusal not about the fee (funds, a node limit, our own transaction ' +
      'holding the nonce) is tried again with the same bytes, never outbid',
    async () => {
      for (const reason of [
        'insufficient funds for gas * price + value',
        'too many requests',
        'replacement transaction underpriced',
      ]) {
        const old = await journaledAt2Gwei()
        const { chain, sent } = fakeChain((raw) => (raw === old.raw ? reason : undefined))
        const { sql, updates } = fakeSql()
        const journal = new Map([['fill', old]])
        for (let pass = 1; pass <= 12; pass++) await expect(step(sql, chain, journal)).rejects.toThrow(reason)
        expect(sent).toEqual([])
        expect(updates).toEqual([])
        expect(journal.get('fill')).toBe(old)
      }
    },
  )

  it(
    'a fee the chain keeps outgrowing is raised at most ' +
      'MAX_REPLACEMENTS times; then the bytes are only sent again',
    async () => {
      const old = await journaledAt2Gwei()
      const { chain, sent } = fakeChain(() => 'max fee per gas less than block base fee')
      const { sql, updates } = fakeSql()
      const journal = new Map([['fill', old]])
      for (let pass = 1; pass <= MAX_REPLACEMENTS + 4; pass++)
        await expect(step(sql, chain, journal)).rejects.toThrow('less than block base fee')
      expect(updates).toHaveLength(MAX_REPLACEMENTS)
      expect(journal.get('fill')!.replaced).toHaveLength(MAX_REPLACEMENTS)
      expect(sent).toEqual([])
      // Every replacement kept the step's nonce and raised its fee.
      const fees = [old, ...journal.get('fill')!.replaced!.slice(1), journal.get('fill')!].map((e) =>
        parseTransaction(e.raw),
      )
      for (const tx of fees) expect(tx.nonce).toBe(7)
      for (let i = 1; i < fees.length; i++)
        expect(fees[i]!.maxPriorityFeePerGas!).toBeGreaterThan(fees[i - 1]!.maxPriorityFeePerGas!)
    },
  )

  it('replaced bytes mined after all are the step: the entry is written back to them, nothing is sent', async () => {
    const old = await journaledAt2Gwei()
    const { chain, mined, sent } = fakeChain(() => 'should not be sent')
    const { sql, updates } = fakeSql()
    const replacement = { raw: '0x02aa' as Hex, hash: keccak256('0x02aa') }
    const journal = new Map<string, JournalEntry>([
      ['fill', { ...old, raw: replacement.raw, hash: replacement.hash, replaced: [{ raw: old.raw, hash: old.hash }] }],
    ])
    mined.set(old.hash, { status: 'success', blockNumber: 1n, transactionHash: old.hash })
    const result = await step(sql, chain, journal)
    expect(result.hash).toBe(old.hash)
    expect(sent).toEqual([])
    expect(journal.get('fill')).toMatchObject({ hash: old.hash, replaced: [replacement] })
    expect(updates[0]!.slice(3, 4)).toEqual([old.hash])
  })
})

describe('sendStep on a step not yet signed', () => {
  it(
    'signs the estimate plus a quarter with the batch nonce and ' +
      'fees as they stand, asking the node nothing but the estimate',
    async () => {
      const { chain, sent } = fakeChain(() => undefined)
      const asked: string[] = []
      const batchFees = { maxFeePerGas: 3n * gwei, maxPriorityFeePerGas: 2n * gwei }
      const client = new Proxy(chain.client as object, {
        get: (target, name) => {
          asked.push(String(name))
          if (name === 'estimateGas') return async () => 80_000n
          return (target as Record<string | symbol, unknown>)[name]
        },
      })
      // The batch (sendBatch.ts) draws the nonce and fees, and broadcasts what `sign` returns.
      const sender = {
        send: async (request: { sign: (nonce: number, fees: typeof batchFees) => Promise<JournalEntry> }) => {
          const entry = await request.sign(3, batchFees)
          await (
            chain.client as unknown as { sendRawTransaction: (a: { serializedTransaction: Hex }) => Promise<Hex> }
          ).sendRawTransaction({ serializedTransaction: entry.raw })
          return entry
        },
      }
      const fresh = { ...chain, client, sender } as unknown as FillerChain
      const result = await step(fakeSql().sql, fresh, new Map())
      expect(sent).toHaveLength(1)
      expect(result.hash).toBe(keccak256(sent[0]!))
      expect(parseTransaction(sent[0]!)).toMatchObject({
        chainId: 10,
        type: 'eip1559',
        nonce: 3,
        to: target,
        data: '0x1234',
        gas: 100_000n,
        ...batchFees,
      })
      // Only the estimate before, the broadcast is the batch's; then the receipt and its block.
      expect(asked).toEqual(['estimateGas', 'waitForTransactionReceipt', 'getBlock'])
    },
  )
})

describe('sendStep: what counts as a revert in simulation', () => {
  /** A chain whose node answers each request with `answer` (a JSON-RPC error is thrown as the node's
   * error), through viem's own client; the requests it got are kept. */
  const node = (answer: (method: string) => unknown) => {
    const asked: { method: string; params: unknown }[] = []
    const client = createPublicClient({
      chain: {
        id: 10,
        name: 'test',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [] } },
      },
      transport: custom(
        {
          request: async ({ method, params }) => {
            asked.push({ method, params })
            return answer(method)
          },
        },
        { retryCount: 0 },
      ),
    })
    return { chain: { ...fakeChain(() => undefined).chain, client } as unknown as FillerChain, asked }
  }
  /** What a fresh step comes to when the node answers every request with this JSON-RPC error. */
  const stepAnswered = (error: { code: number; message: string; data?: Hex }) => {
    const { chain } = node((method) => {
      throw new RpcRequestError({ body: { method }, error, url: 'http://node' })
    })
    return step(fakeSql().sql, chain, new Map()).catch((e: unknown) => e)
  }

  it(
    'asks the node for the bare estimate, without fees (a priced estimate ' +
      'is capped by the balance) and without filling the transaction',
    async () => {
      const { chain, asked } = node(() => '0xc350')
      expect(await revertReason(chain, { chainId: 10, to: target, data: '0x1234', value: 5n })).toBeUndefined()
      expect(asked.map((a) => a.method)).toEqual(['eth_estimateGas'])
      const [request] = asked[0]!.params as Record<string, unknown>[]
      expect(request).toMatchObject({ from: account.address, to: target, data: '0x1234', value: '0x5' })
      for (const fee of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'gas', 'nonce'])
        expect(request).not.toHaveProperty(fee)
    },
  )

  it('the EVM halting on the call (an invalid opcode, as anvil and geth answer it) is a revert too', async () => {
    for (const answer of [
      { code: -32603, message: 'EVM error InvalidFEOpcode' },
      { code: -32000, message: 'invalid opcode: INVALID' },
      { code: -32000, message: 'invalid jump destination' },
    ]) {
      const error = await stepAnswered(answer)
      expect(error).toBeInstanceOf(StepRevertedError)
      expect((error as StepRevertedError).simulated).toBe(true)
    }
  })

  it(
    "the node's execution reverted (code 3, with the revert " +
      'data) is a simulated revert: counted, then the intent fails',
    async () => {
      const error = await stepAnswered({
        code: 3,
        message: 'execution reverted: custom error 0x756688fe',
        data: '0x756688fe',
      })
      expect(error).toBeInstanceOf(StepRevertedError)
      expect((error as StepRevertedError).simulated).toBe(true)
      expect((error as Error).message).toContain('would revert')
    },
  )

  it(
    'any other node error (internal, limit exceeded, funds) ' +
      'is transient: thrown as it is, never counted as a revert',
    async () => {
      for (const answer of [
        { code: -32603, message: 'internal error: database busy' },
        { code: -32005, message: 'limit exceeded' },
        { code: -32000, message: 'insufficient funds for gas * price + value' },
      ]) {
        const error = await stepAnswered(answer)
        expect(error).toBeInstanceOf(Error)
        expect(error).not.toBeInstanceOf(StepRevertedError)
        expect(String((error as Error).message)).toContain(answer.message.split(':')[0]!)
      }
    },
  )
})

/** A chain that estimates `estimate`, signs whatever the batch hands it at nonce 7, and mines it
 * with `outcome` (reverted, with gasUsed of all the gas it was sent with when `outOfGas`). */
function freshChain(
  estimate: bigint,
  outcome: { status: 'success' | 'reverted'; outOfGas?: boolean } = { status: 'success' },
) {
  const signed: Hex[] = []
  const client = {
    estimateGas: async () => estimate,
    waitForTransactionReceipt: async ({ hash }: { hash: Hex }) => {
      const raw = signed.find((r) => keccak256(r) === hash)
      const gas = raw ? (parseTransaction(raw).gas ?? 0n) : 0n
      return {
        status: outcome.status,
        blockNumber: 1n,
        transactionHash: hash,
        gasUsed: outcome.outOfGas ? gas : 21_000n,
        logs: [],
      }
    },
    getBlock: async () => ({ timestamp: 100n, baseFeePerGas: gwei }),
  }
  const sender = {
    send: async (request: {
      sign: (nonce: number, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }) => Promise<JournalEntry>
    }) => {
      const entry = await request.sign(7, { maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: gwei })
      signed.push(entry.raw)
      return entry
    },
  }
  const chain = {
    chainId: 10,
    chain: { id: 10 },
    client,
    account,
    sender,
    fence: () => {},
    refillNonces: async () => ({ resent: 0, filled: 0 }),
  } as unknown as FillerChain
  return { chain, signed }
}

const fresh = (
  chain: FillerChain,
  limits: { gasLimit?: bigint; headroom?: bigint },
  journal = new Map<string, JournalEntry>(),
) => {
  const { sql, updates } = fakeSql()
  const deletes: unknown[][] = []
  const counting = {
    query: async (text: string, params?: unknown[]) => {
      if (!text.startsWith('DELETE FROM intent_transactions')) return sql.query(text, params)
      deletes.push(params ?? [])
      return []
    },
  }
  const run = sendStep({
    sql: counting as never,
    intent: '1',
    step: 'destination-ops',
    chain,
    confirmations: 0,
    journal,
    call: { chainId: 10, to: target, data: '0x1234', value: 0n },
    proof: () => true,
    ...limits,
  })
  return { run, updates, deletes, journal }
}

describe('sendStep gas: what the intent paid for, headroom, out of gas', () => {
  it('a step with its own limit is sent with exactly that gas, whatever the estimate below it', async () => {
    const { chain, signed } = freshChain(80_000n)
    await fresh(chain, { gasLimit: 100_000n }).run
    expect(signed.map((raw) => parseTransaction(raw).gas)).toEqual([100_000n])
  })

  it('a step estimated above its limit is not sent: a simulated revert naming both figures', async () => {
    const { chain, signed } = freshChain(150_000n)
    const error = await fresh(chain, { gasLimit: 100_000n }).run.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StepRevertedError)
    expect((error as StepRevertedError).simulated).toBe(true)
    expect((error as Error).message).toMatch(/needs 150000 gas, more than the 100000 the intent paid for/)
    expect(signed).toEqual([])
  })

  it('headroom is added to the estimate and its quarter', async () => {
    const { chain, signed } = freshChain(100_000n)
    await fresh(chain, { headroom: 500_000n }).run
    expect(signed.map((raw) => parseTransaction(raw).gas)).toEqual([625_000n])
  })

  it('a transaction that ran out of gas is forgotten and transient: the step is signed again next pass', async () => {
    const { chain } = freshChain(100_000n, { status: 'reverted', outOfGas: true })
    const attempt = fresh(chain, {})
    const error = await attempt.run.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(StepRevertedError)
    expect((error as Error).message).toMatch(/ran out of gas on chain 10; it is sent again/)
    expect(attempt.deletes).toEqual([['1', 'destination-ops']])
    expect(attempt.journal.has('destination-ops')).toBe(false)
  })

  it('a revert that left gas unused is a revert; so is running out of a limit the intent paid for', async () => {
    const reverted = fresh(freshChain(100_000n, { status: 'reverted' }).chain, {})
    await expect(reverted.run).rejects.toBeInstanceOf(StepRevertedError)
    const capped = fresh(freshChain(90_000n, { status: 'reverted', outOfGas: true }).chain, { gasLimit: 100_000n })
    await expect(capped.run).rejects.toBeInstanceOf(StepRevertedError)
    expect([reverted.deletes, capped.deletes]).toEqual([[], []])
  })
})
