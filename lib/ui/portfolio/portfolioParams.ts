// The portfolio view as URL search params, so a view can be shared. The filter params carry the
// API's own names and formats (chainIds, tokens as chain:token, filterEmpty); a hand-edited value
// is passed through for the API to judge, so the page shows the API's own error for it.

export type PortfolioParams = {
  /** The account to show; without it the page shows the connected wallet's. */
  address?: string
  chainIds: string[]
  /** `chainId:SYMBOL` (or `chainId:0xaddress`) pairs. */
  tokens: string[]
  filterEmpty: boolean
}

type ReadableParams = { get(name: string): string | null }

export function readPortfolioParams(params: ReadableParams): PortfolioParams {
  const address = params.get('address')?.trim()
  return {
    ...(address ? { address } : {}),
    chainIds: list(params.get('chainIds')),
    tokens: list(params.get('tokens')),
    filterEmpty: params.get('filterEmpty') === 'true',
  }
}

/** The page's query string ('' when there is nothing to keep), commas and colons left readable. */
export function portfolioSearch(view: PortfolioParams): string {
  const pairs: [string, string][] = []
  if (view.address) pairs.push(['address', view.address])
  return query([...pairs, ...filterPairs(view)])
}

/** The API path for an account with the view's filters. */
export function portfolioApiPath(address: string, view: PortfolioParams): string {
  return `/api/v1/accounts/${encodeURIComponent(address)}/portfolio${query(filterPairs(view))}`
}

/** The query cache's key for one portfolio read: the page's first render on the server fills it
 * for the browser under the same key (lib/server/portfolioPrefetch.ts). */
export function portfolioQueryKey(path: string, keySource: string) {
  return ['portfolio', path, keySource] as const
}

export function hasFilters(view: PortfolioParams): boolean {
  return view.chainIds.length > 0 || view.tokens.length > 0 || view.filterEmpty
}

/** Adds the value when absent, removes it when present; keeps the order stable. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value]
}

function filterPairs(view: PortfolioParams): [string, string][] {
  const pairs: [string, string][] = []
  if (view.chainIds.length) pairs.push(['chainIds', view.chainIds.join(',')])
  if (view.tokens.length) pairs.push(['tokens', view.tokens.join(',')])
  if (view.filterEmpty) pairs.push(['filterEmpty', 'true'])
  return pairs
}

function query(pairs: readonly [string, string][]): string {
  if (pairs.length === 0) return ''
  const encode = (v: string) => encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%3A/gi, ':')
  return `?${pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}
