// How much of a failure one error body carries, whatever the request held: the first problems and
// a count of the rest, each message and context string cut to a length. A body of 100,000 bad
// fields gets the same few kilobytes back as a body of 21.
import type { ErrorDetail } from '../core/errors'

export const errorBounds = {
  /** Problems listed in `errors`; one more entry counts the rest. */
  problems: 20,
  /** Characters of a field path as an error names it. */
  field: 80,
  /** Characters of each `errors[].message`. */
  detailMessage: 1_000,
  /** Characters of the envelope's `message`. */
  message: 1_000,
  /** Characters of each string in `errors[].context`. */
  contextText: 1_000,
} as const

/** `text` cut to `max` characters, the cut marked with an ellipsis. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** The first `errorBounds.problems` details, each cut to size, and one counting the rest of
 * `total` (default: the details given). */
export function boundedDetails(details: readonly ErrorDetail[], total = details.length): ErrorDetail[] {
  const listed = details.slice(0, errorBounds.problems).map(boundedDetail)
  if (total <= listed.length) return listed
  const more = total - listed.length
  const message = `${more} more problem${more === 1 ? '' : 's'} not listed (${total} in all)`
  return [...listed, { message, context: { limit: 'errors', max: errorBounds.problems, total } }]
}

function boundedDetail(detail: ErrorDetail): ErrorDetail {
  const message = cutText(detail.message, errorBounds.detailMessage)
  if (!detail.context) return { message }
  const context: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(detail.context)) {
    context[name] = typeof value === 'string' ? cutText(value, errorBounds.contextText) : value
  }
  return { message, context }
}
