// A route answers one request. The builder compares it with what the form says now: any change, or
// a form that fails its checks, makes the route on screen outdated at once — still readable, never
// signable — so what is signed is always what the form describes.
import type { RouteRequestBody } from './routeRequestBody'

/** Why the route no longer matches the form, or undefined while it does (or there is no route). */
export function outdatedReason(
  asked: RouteRequestBody | undefined,
  now: RouteRequestBody,
  problems: number,
): string | undefined {
  if (asked === undefined) return undefined
  if (problems > 0)
    return 'The form has a problem now: this route answered an earlier request and cannot be signed. Fix the marked fields and get a new route.'
  if (JSON.stringify(asked) !== JSON.stringify(now))
    return 'The form changed: this route answered the earlier request and cannot be signed. Get a new route for what the form says now.'
  return undefined
}
