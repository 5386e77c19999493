import 'server-only'
// The browser key's budget. Each client network (an IPv4 address, an IPv6 /64) has its own; only
// requests that pass it count against the shared ceiling, so one client flooding never spends other
// clients' share. When the shared ceiling is reached anyway (many clients at once), every client
// still gets a small reserve of its own (a tenth of its budget) instead of nothing: the service
// degrades evenly.
import { parseRateLimit } from '../config/rateLimitSpec'
import { RateLimitedError, type RateLimiter, type RateLimitState } from './rateLimiter'

export type BrowserRates = { perClient: string; total: string }

export async function consumeBrowserBudget(
  limiter: Pick<RateLimiter, 'consume'>,
  client: string,
  rates: BrowserRates,
): Promise<RateLimitState> {
  const own = await limiter.consume(`browser:${client}`, rates.perClient)
  try {
    await limiter.consume('browser:*', rates.total)
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error
    await limiter.consume(`browser-reserve:${client}`, reserveOf(rates.perClient))
  }
  return own
}

function reserveOf(rate: string): string {
  const spec = parseRateLimit(rate)
  if (!spec) throw new Error(`not a rate limit: ${rate}`)
  const unit = { 1: 's', 60: 'min', 3600: 'hour', 86400: 'day' }[spec.durationSeconds] ?? 'min'
  return `${Math.max(1, Math.floor(spec.points / 10))}/${unit}`
}
