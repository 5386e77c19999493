// The scheduler with settlement replaced by plain functions (no chain): bounded concurrency,
// fairness behind intents that never complete, waking on an attestation, and retries counted.
import { describe, expect, it } from 'vitest'
import type { StoredIntent } from '../storage/intentStore'
import { Backoff } from './backoff'
import { Scheduler, type SchedulerOptions } from './scheduler'
import type { SettleOutcome } from './settleContext'

const intent = (nonce: string) => ({ nonce }) as StoredIntent

/** Open intents in submission order; `final` ones leave the list. */
function queue(nonces: string[]) {
  const open = [...nonces]
  return {
    open,
    openIntents: async (limit: number, skip: string[]) =>
      open
        .filter((n) => !skip.includes(n))
        .slice(0, limit)
        .map(intent),
    done: (n: string) => open.splice(open.indexOf(n), 1),
  }
}

function scheduler(o: Partial<SchedulerOptions> & Pick<SchedulerOptions, 'openIntents' | 'settle'>) {
  return new Scheduler({ concurrency: 4, attested: async () => new Set(), wake: () => {}, warn: () => {}, ...o })
}

const turns = async (s: Scheduler, n: number) => {
  for (let i = 0; i < n; i++) {
    await s.tick()
    await s.idle()
  }
}

describe('Scheduler', () => {
  it('reports each intent that became final once (its claim is given back), and no other', async () => {
    const q = queue(['a', 'b', 'c'])
    const finished: string[] = []
    const s = scheduler({
      openIntents: q.openIntents,
      finished: (id) => finished.push(id),
      settle: async (i) => {
        if (i.nonce === 'b') return 'waiting'
        q.done(i.nonce)
        return 'final'
      },
    })
    await turns(s, 3)
    expect(finished.sort()).toEqual(['a', 'c'])
  })

  it('runs at most `concurrency` intents at once', async () => {
    const q = queue(Array.from({ length: 10 }, (_, i) => `${i}`))
    let running = 0
    let most = 0
    const s = scheduler({
      openIntents: q.openIntents,
      settle: async (i) => {
        most = Math.max(most, ++running)
        await new Promise((r) => setTimeout(r, 5))
        running--
        q.done(i.nonce)
        return 'final'
      },
    })
    await turns(s, 5)
    expect(q.open).toEqual([])
    expect(most).toBe(4)
  })

  it('an ordinary intent behind 20 that never complete is settled on the first turn after them', async () => {
    const stuck = Array.from({ length: 20 }, (_, i) => `stuck-${i}`)
    const q = queue([...stuck, 'ordinary'])
    const seen: string[] = []
    const clock = 0
    const s = scheduler({
      backoff: new Backoff(200, 5_000, () => clock),
      openIntents: q.openIntents,
      settle: async (i): Promise<SettleOutcome> => {
        seen.push(i.nonce)
        if (i.nonce === 'ordinary') {
          q.done(i.nonce)
          return 'final'
        }
        return 'waiting' // never completes, never fails
      },
    })
    // Each turn takes the oldest free ones; the stuck ones back off, so within 20/4 + 1 turns (no
    // time passing) the ordinary one has run.
    await turns(s, 6)
    expect(q.open).not.toContain('ordinary')
    expect(seen.filter((n) => n === 'ordinary')).toHaveLength(1)
    expect(new Set(seen.filter((n) => n !== 'ordinary')).size).toBe(20)
    expect(seen.length).toBe(21) // none of the stuck ones ran twice while backing off
  })

  it('wakes an intent as soon as its attestation is stored, before its back-off ends', async () => {
    const q = queue(['a'])
    let attested = false
    let passes = 0
    const clock = 0
    const s = scheduler({
      backoff: new Backoff(10_000, 10_000, () => clock),
      openIntents: q.openIntents,
      attested: async (nonces) => new Set(attested ? nonces : []),
      settle: async () => (++passes === 1 ? 'attestation' : 'final'),
    })
    await turns(s, 3)
    expect(passes).toBe(1) // backing off, no attestation yet
    attested = true
    await turns(s, 1)
    expect(passes).toBe(2)
  })

  it(
    'tries an intent whose simulation reverted again only after ' +
      'its back-off, as the store has it then (its count kept there)',
    async () => {
      const stored = { nonce: 'r', simulationReverts: 0 } as StoredIntent
      const counts: number[] = []
      let clock = 0
      const s = scheduler({
        backoff: new Backoff(100, 100, () => clock),
        openIntents: async (_, skip) => (skip.includes('r') ? [] : [{ ...stored }]),
        settle: async (i) => {
          counts.push(i.simulationReverts)
          stored.simulationReverts = i.simulationReverts + 1 // the driver writes the count with the intent
          return 'reverted'
        },
      })
      for (let i = 0; i < 3; i++) {
        await turns(s, 2) // the second turn falls in the back-off: no pass
        clock += 101
      }
      expect(counts).toEqual([0, 1, 2])
    },
  )

  it('a pass that throws backs that intent off and warns, the others go on', async () => {
    const q = queue(['bad', 'good'])
    const warnings: unknown[] = []
    const s = scheduler({
      openIntents: q.openIntents,
      warn: (fields) => warnings.push(fields),
      settle: async (i) => {
        if (i.nonce === 'bad') throw new Error('node did not answer')
        q.done(i.nonce)
        return 'final'
      },
    })
    await turns(s, 2)
    expect(q.open).toEqual(['bad'])
    expect(warnings).toEqual([{ id: 'bad', retryInMs: 200, error: 'node did not answer' }])
  })
})
