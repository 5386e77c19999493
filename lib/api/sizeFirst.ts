// A list or record from a request is counted before its entries are validated: 100,000 entries
// cost one count and one error, not 100,000 validations and as many errors. The schema inside
// still states the bound, so the OpenAPI document shows it.
import { z } from 'zod'

/** `schema` (an array or a record), refused with `message` before any entry is looked at when it
 * holds more than `max` entries. */
export function sizeFirst<S extends z.ZodType>(schema: S, max: number, message: string) {
  return z.preprocess<unknown, S, z.input<S>>((value, ctx) => {
    if (entryCount(value) > max) ctx.addIssue({ code: 'custom', message, input: value })
    return value
  }, schema)
}

function entryCount(value: unknown): number {
  if (Array.isArray(value)) return value.length
  return value !== null && typeof value === 'object' ? Object.keys(value).length : 0
}
