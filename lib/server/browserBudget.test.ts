import { describe, expect, it } from 'vitest'
import { consumeBrowserBudget } from './browserBudget'
import { createRateLimiter, RateLimitedError } from './rateLimiter'

const rates = { perClient: '10/min', total: '15/min' }

async function spend(limiter: ReturnType<typeof createRateLimiter>, client: string, times: number): Promise<number> {
  let ok = 0
  for (let i = 0; i < times; i++) {
    try {
      await consumeBrowserBudget(limiter, client, rates)
      ok++
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error
    }
  }
  return ok
}

describe('the browser key budget', () => {
  it('one client flooding spends only its own budget: another still gets its share', async () => {
    const limiter = createRateLimiter({ kind: 'memory' })
    expect(await spend(limiter, 'abuser', 100)).toBe(10)
    expect(await spend(limiter, 'visitor', 5)).toBe(5)
  })

  it('when the shared ceiling is reached, every client keeps a small reserve instead of nothing', async () => {
    const limiter = createRateLimiter({ kind: 'memory' })
    expect(await spend(limiter, 'a', 10)).toBe(10)
    expect(await spend(limiter, 'b', 10)).toBe(6) // 5 left in the ceiling, then b's reserve of 1
    expect(await spend(limiter, 'c', 10)).toBe(1) // the ceiling is spent: c's reserve
  })
})
