// The nonce refill with a chain of plain functions: from the confirmed nonce up to the highest
// journaled one, each nonce gets its journaled bytes again, in order, or a transfer to itself.
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { type GapChain, inNonceOrder, type NoncedTransaction, refillNonces } from './nonceGaps'

function fakeChain(
  mined: number,
  journal: NoncedTransaction[],
  o: { refuse?: (raw: Hex) => string | undefined; fenced?: () => boolean } = {},
) {
  const sent: Hex[] = []
  const chain: GapChain = {
    minedNonce: async () => mined,
    journaled: async (from) => journal.filter((t) => t.nonce >= from),
    broadcast: async (raw) => {
      const refusal = o.refuse?.(raw)
      if (refusal) throw new Error(refusal)
      sent.push(raw)
    },
    selfTransfer: async (nonce) => `0x5e1f${nonce}` as Hex,
    fence: () => {
      if (o.fenced?.()) throw new Error('lease lost')
    },
  }
  return { chain, sent }
}

describe('refillNonces', () => {
  it(
    're-sends every journaled transaction above the confirmed nonce ' +
      'in nonce order and fills the gaps with transfers to itself',
    async () => {
      const journal = [7, 3, 5, 4, 1].map((nonce) => ({ nonce, raw: `0x0${nonce}` as Hex }))
      const { chain, sent } = fakeChain(3, journal)
      expect(await refillNonces(chain)).toEqual({ resent: 4, filled: 1 })
      expect(sent).toEqual(['0x03', '0x04', '0x05', '0x5e1f6', '0x07'])
    },
  )

  it('sends nothing when no journaled transaction is above the confirmed nonce', async () => {
    const { chain, sent } = fakeChain(8, [{ nonce: 7, raw: '0x07' }])
    expect(await refillNonces(chain)).toEqual({ resent: 0, filled: 0 })
    expect(sent).toEqual([])
  })

  it('goes on past a nonce the node holds already, and stops at any other refusal', async () => {
    const journal = [2, 3, 4].map((nonce) => ({ nonce, raw: `0x0${nonce}` as Hex }))
    const held = fakeChain(2, journal, {
      refuse: (raw) =>
        raw === '0x02' ? 'already known' : raw === '0x03' ? 'replacement transaction underpriced' : undefined,
    })
    expect(await refillNonces(held.chain)).toEqual({ resent: 3, filled: 0 })
    expect(held.sent).toEqual(['0x04'])
    const down = fakeChain(2, journal, { refuse: (raw) => (raw === '0x03' ? 'fetch failed' : undefined) })
    await expect(refillNonces(down.chain)).rejects.toThrow('fetch failed')
    expect(down.sent).toEqual(['0x02'])
  })

  it(
    'goes on past journaled bytes whose fee the base fee ' + 'outgrew: their step replaces them at their nonce',
    async () => {
      const journal = [2, 3, 4].map((nonce) => ({ nonce, raw: `0x0${nonce}` as Hex }))
      const { chain, sent } = fakeChain(2, journal, {
        refuse: (raw) => (raw === '0x03' ? 'max fee per gas less than block base fee' : undefined),
      })
      await refillNonces(chain)
      expect(sent).toEqual(['0x02', '0x04'])
    },
  )

  it('sends nothing once the lease is lost', async () => {
    const { chain, sent } = fakeChain(0, [{ nonce: 0, raw: '0x00' }], { fenced: () => true })
    await expect(refillNonces(chain)).rejects.toThrow('lease lost')
    expect(sent).toEqual([])
  })
})

describe('inNonceOrder', () => {
  it('orders journaled transactions by chain, then by the account nonce read from their signed bytes', async () => {
    const filler = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const signed = (chainId: number, nonce: number) =>
      filler.signTransaction({
        chainId,
        nonce,
        to: filler.address,
        value: 0n,
        gas: 21_000n,
        maxFeePerGas: 2n,
        maxPriorityFeePerGas: 1n,
      })
    const entries = [
      { step: 'claim:0', chainId: 10, raw: await signed(10, 8) },
      { step: 'fill', chainId: 8453, raw: await signed(8453, 4) },
      { step: 'setup:0', chainId: 10, raw: await signed(10, 7) },
      { step: 'garbled', chainId: 10, raw: '0x02' as Hex },
      { step: 'refund:0', chainId: 8453, raw: await signed(8453, 3) },
    ]
    expect(inNonceOrder(entries).map((e) => e.step)).toEqual(['setup:0', 'claim:0', 'garbled', 'refund:0', 'fill'])
  })
})
