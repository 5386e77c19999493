// A portfolio read as the dashboard asks for it: the view's parameters (the API's own names and
// formats, read from a URL's search params), the API path they make and the query cache's key.
// The page and its first render on the server (lib/server/portfolioPrefetch.ts) share them.

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

/** The API path for an account with the view's filters. */
export function portfolioApiPath(address: string, view: PortfolioParams): string {
  return `/api/v1/accounts/${encodeURIComponent(address)}/portfolio${query(filterPairs(view))}`
}

/** The query cache's key for one portfolio read: the page's first render on the server fills it
 * for the browser under the same key (lib/server/portfolioPrefetch.ts). */
export function portfolioQueryKey(path: string, keySource: string) {
  return ['portfolio', path, keySource] as const
}

export function filterPairs(view: PortfolioParams): [string, string][] {
  const pairs: [string, string][] = []
  if (view.chainIds.length) pairs.push(['chainIds', view.chainIds.join(',')])
  if (view.tokens.length) pairs.push(['tokens', view.tokens.join(',')])
  if (view.filterEmpty) pairs.push(['filterEmpty', 'true'])
  return pairs
}

export function query(pairs: readonly [string, string][]): string {
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
