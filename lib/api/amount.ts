// Amounts on the wire: decimal integer strings, or (older clients) JSON numbers that are safe
// integers. Never a fraction, a sign, an exponent, or a number that has already lost precision.
import { z } from 'zod'

const MAX_UINT256 = 2n ** 256n - 1n

export const amountSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a non-negative integer; send amounts above 2^53 as decimal strings',
      })
      return z.NEVER
    }
    return BigInt(value)
  }
  if (!/^\d{1,78}$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a decimal integer string (digits only, no sign, point or exponent)',
    })
    return z.NEVER
  }
  const amount = BigInt(value)
  if (amount > MAX_UINT256) {
    ctx.addIssue({ code: 'custom', message: 'must fit in uint256' })
    return z.NEVER
  }
  return amount
})

/** Amounts by token as the wire writes them: decimal strings. */
export const wireAmounts = (amounts: Record<string, bigint>) =>
  Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, v.toString()]))
