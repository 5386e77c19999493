// A key's rate limit as operators write it: `600/min`, `10/s`, `5000/hour`.
export type RateLimitSpec = { points: number; durationSeconds: number }

const units: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  h: 3_600,
  hour: 3_600,
  day: 86_400,
}

export function parseRateLimit(text: string): RateLimitSpec | undefined {
  const match = /^(\d{1,9})\/(s|sec|second|min|minute|h|hour|day)$/.exec(text.trim())
  if (!match) return undefined
  const points = Number(match[1])
  if (points <= 0) return undefined
  // The pattern matches only the units above.
  const unit = match[2]
  const durationSeconds = unit === undefined ? undefined : units[unit]
  if (durationSeconds === undefined) throw new Error(`parseRateLimit: no duration for the unit of ${text}`)
  return { points, durationSeconds }
}
