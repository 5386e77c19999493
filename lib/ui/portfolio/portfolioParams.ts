// The portfolio view as URL search params, so a view can be shared. The filter params carry the
// API's own names and formats (chainIds, tokens as chain:token, filterEmpty); a hand-edited value
// is passed through for the API to judge, so the page shows the API's own error for it.

import {
  filterPairs,
  type PortfolioParams,
  portfolioApiPath,
  portfolioQueryKey,
  query,
  readPortfolioParams,
} from '../../api/client/portfolioQuery'

export { type PortfolioParams, portfolioApiPath, portfolioQueryKey, readPortfolioParams }

/** The page's query string ('' when there is nothing to keep), commas and colons left readable. */
export function portfolioSearch(view: PortfolioParams): string {
  const pairs: [string, string][] = []
  if (view.address) pairs.push(['address', view.address])
  return query([...pairs, ...filterPairs(view)])
}

export function hasFilters(view: PortfolioParams): boolean {
  return view.chainIds.length > 0 || view.tokens.length > 0 || view.filterEmpty
}

/** Adds the value when absent, removes it when present; keeps the order stable. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value]
}
