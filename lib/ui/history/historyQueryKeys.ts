// The history page's query keys, shared by its hooks and by the page's server render, which hands
// the first page it read to those hooks (app/history/_lib/prefetchHistory.ts).
import type { KeySource } from '../shared/describeApiError'

export const routeHistoryQueryKey = (address: string | undefined, source: KeySource) =>
  ['routeHistory', address, source] as const

export const accountIntentsQueryKey = (address: string | undefined, source: KeySource) =>
  ['accountIntents', address, source] as const
