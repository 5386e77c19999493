// The gas an intent that failed before payment cost the filler, from its journal's receipts.
import { type Hex, TransactionReceiptNotFoundError } from 'viem'
import { describe, expect, it } from 'vitest'
import type { FillerChain } from '../worker/fillerChains'
import { unpaidGasWei } from './unpaidGas'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const row = (step: string, chainId: number, n: number) => ({
  step,
  chain_id: chainId,
  raw: '0x01',
  hash: hash(n),
  replaced: [],
})
const sqlWith = (rows: unknown[]) => ({ query: async () => rows }) as never

/** Receipts by hash: [gasUsed, effectiveGasPrice]; a hash without one was never mined. */
function chains(receipts: Record<string, [bigint, bigint]>) {
  const client = {
    getTransactionReceipt: async ({ hash: h }: { hash: Hex }) => {
      const r = receipts[h]
      if (!r) throw new TransactionReceiptNotFoundError({ hash: h })
      return { gasUsed: r[0], effectiveGasPrice: r[1] }
    },
  }
  return (chainId: number) => ({ chainId, client }) as unknown as FillerChain
}

describe('unpaidGasWei', () => {
  it('sums gasUsed × effectiveGasPrice of every mined transaction, over every chain', async () => {
    const rows = [row('setup:10', 10, 1), row('allocate:0', 10, 2), row('setup:8453', 8453, 3), row('fill', 8453, 4)]
    const receipts = { [hash(1)]: [200_000n, 3n], [hash(2)]: [100_000n, 3n], [hash(3)]: [150_000n, 2n] } as Record<
      string,
      [bigint, bigint]
    >
    // the fill never mined
    expect(await unpaidGasWei(sqlWith(rows), '1', chains(receipts))).toBe(600_000n + 300_000n + 300_000n)
  })

  it('is undefined once the filler was paid (a release or a claim is journaled)', async () => {
    const rows = [row('allocate:0', 10, 1), row('fill', 8453, 2), row('claim:0', 10, 3)]
    expect(await unpaidGasWei(sqlWith(rows), '1', chains({}))).toBeUndefined()
    expect(
      await unpaidGasWei(sqlWith([row('escrow:0', 10, 1), row('release:0', 10, 2)]), '1', chains({})),
    ).toBeUndefined()
  })

  it('is zero for an intent that failed before anything was sent', async () => {
    expect(await unpaidGasWei(sqlWith([]), '1', chains({}))).toBe(0n)
  })
})
