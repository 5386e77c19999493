// The send batcher with a chain of plain functions: requests that arrive while a batch is going out
// form the next batch, with consecutive nonces from one look-up; every entry is journaled before
// any is broadcast; the fence stops signing; a step another pass journaled leaves no nonce gap.
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { type BatchChain, type Journaled, SendBatcher, type SendRequest } from './sendBatch'

function fakeChain(
  o: {
    fenced?: () => boolean
    taken?: Set<string>
    refuse?: (raw: Hex) => string | undefined
    lostIntents?: Set<string>
  } = {},
) {
  const log: string[] = []
  let nextNonce = 0
  const journal: Journaled[] = []
  const chain: BatchChain = {
    pendingNonce: async () => {
      log.push('nonce')
      return nextNonce
    },
    fees: async () => ({ maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }),
    journal: async (entries) => {
      log.push(`journal ${entries.map((e) => e.step).join(',')}`)
      const recorded = entries.filter((e) => !o.taken?.has(e.step))
      journal.push(...recorded)
      return new Set(recorded.map((e) => `${e.nonce}:${e.step}`))
    },
    forget: async (entries) => {
      log.push(`forget ${entries.map((e) => e.step).join(',')}`)
      for (const e of entries) journal.splice(journal.indexOf(e), 1)
    },
    broadcast: async (raw) => {
      await new Promise((r) => setTimeout(r, 5))
      const refusal = o.refuse?.(raw)
      if (refusal) throw new Error(refusal)
      log.push(`broadcast ${raw}`)
      nextNonce = Math.max(nextNonce, Number.parseInt(raw.slice(2), 16) + 1)
    },
    fence: () => {
      if (o.fenced?.()) throw new Error('lease lost')
    },
    intentFence: (intent) => {
      if (o.lostIntents?.has(intent)) throw new Error(`claim on ${intent} lost`)
    },
  }
  return { chain, log, journal }
}

/** A request whose signed bytes are its nonce (so the test sees which nonce each step drew). */
const request = (step: string, intent = '1'): SendRequest => ({
  intent,
  step,
  sign: async (nonce) => {
    const raw = `0x${nonce.toString(16).padStart(2, '0')}` as Hex
    return { step, chainId: 10, raw, hash: `0x${step.replace(/\W/g, '')}` as Hex }
  },
})

describe('SendBatcher', () => {
  it('refuses a request whose intent it no longer holds before it draws a nonce; the rest stay consecutive', async () => {
    const { chain, log, journal } = fakeChain({ lostIntents: new Set(['lost']) })
    const batcher = new SendBatcher(chain)
    const [a, lost, b] = [batcher.send(request('a')), batcher.send(request('x', 'lost')), batcher.send(request('b'))]
    await expect(lost).rejects.toThrow(/claim on lost lost/)
    const entries = await Promise.all([a, b])
    expect(entries.map((e) => e.raw)).toEqual(['0x00', '0x01'])
    expect(journal.map((e) => e.step)).not.toContain('x')
    expect(log.filter((l) => l.startsWith('journal'))).not.toContain('journal x')
  })

  it('signs what arrives during a batch as the next batch, with consecutive nonces from one look-up', async () => {
    const { chain, log } = fakeChain()
    const batcher = new SendBatcher(chain)
    const first = batcher.send(request('a'))
    const rest = ['b', 'c', 'd'].map((s) => batcher.send(request(s)))
    const entries = await Promise.all([first, ...rest])
    expect(entries.map((e) => e.raw)).toEqual(['0x00', '0x01', '0x02', '0x03'])
    expect(batcher.stats).toEqual({ batches: 2, largest: 3 })
    // One nonce look-up per batch; each batch is journaled before any of it is broadcast.
    expect(log.filter((l) => l === 'nonce')).toHaveLength(2)
    expect(log.indexOf('journal b,c,d')).toBeLessThan(log.indexOf('broadcast 0x01'))
    expect(log.indexOf('broadcast 0x00')).toBeLessThan(log.indexOf('journal b,c,d'))
  })

  it('signs nothing once the lease is lost', async () => {
    const { chain, log } = fakeChain({ fenced: () => true })
    const batcher = new SendBatcher(chain)
    await expect(batcher.send(request('a'))).rejects.toThrow('lease lost')
    expect(log).toEqual([])
  })

  it('a step another pass journaled first leaves no gap: what was signed after it is deleted unsent', async () => {
    const { chain, log, journal } = fakeChain({ taken: new Set(['b']) })
    const batcher = new SendBatcher(chain)
    batcher.send(request('a')).catch(() => {}) // a batch of one goes out first
    const results = await Promise.allSettled(['b', 'c', 'd'].map((s) => batcher.send(request(s))))
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(log).toContain('forget c,d')
    expect(log.filter((l) => l.startsWith('broadcast'))).toEqual(['broadcast 0x00'])
    expect(journal.map((e) => e.step)).toEqual(['a'])
    // The next batch draws the nonce after the last one broadcast.
    expect((await batcher.send(request('e'))).raw).toBe('0x01')
  })

  it('a transaction already known counts as sent; any other refusal fails only that step', async () => {
    const { chain } = fakeChain({
      refuse: (raw) => (raw === '0x01' ? 'already known' : raw === '0x02' ? 'insufficient funds' : undefined),
    })
    const batcher = new SendBatcher(chain)
    batcher.send(request('a')).catch(() => {})
    const results = await Promise.allSettled(['b', 'c', 'd'].map((s) => batcher.send(request(s))))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  })

  it('a fresh transaction whose nonce is "too low" is not sent: another transaction took its nonce', async () => {
    const { chain } = fakeChain({ refuse: (raw) => (raw === '0x01' ? 'nonce too low' : undefined) })
    const batcher = new SendBatcher(chain)
    batcher.send(request('a')).catch(() => {})
    const results = await Promise.allSettled(['b', 'c'].map((s) => batcher.send(request(s))))
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled'])
  })
})
