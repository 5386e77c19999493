// The route builder's "From" side: which of the account's holdings of the requested asset the route
// may draw on. A pick is a chain and a token; the form keeps picks as the access list's chain and
// token lists (the server allows every listed token on every listed chain), so a holding counts as
// picked when both its chain and its token are listed. No pick: any holding, the cheapest route.
import type { RouteForm } from './routeForm'

type Access = RouteForm['access']
export type SourceHolding = { chainId: number; tokenSymbol: string }

export function isPicked(access: Access, h: SourceHolding): boolean {
  return access.chainIds.includes(h.chainId) && (access.tokens.length === 0 || access.tokens.includes(h.tokenSymbol))
}

/** Picks or unpicks a holding; `held` are every holding on offer, to keep the token list to the chains still picked. */
export function toggleSource(access: Access, h: SourceHolding, held: readonly SourceHolding[]): Access {
  if (!isPicked(access, h)) {
    const first = access.chainIds.length === 0
    return {
      ...access,
      chainIds: [...new Set([...access.chainIds, h.chainId])].sort((a, b) => a - b),
      tokens: first
        ? [h.tokenSymbol]
        : access.tokens.length === 0 || access.tokens.includes(h.tokenSymbol)
          ? access.tokens
          : [...access.tokens, h.tokenSymbol],
    }
  }
  const chainIds = access.chainIds.filter((id) => id !== h.chainId)
  if (chainIds.length === 0) return { ...access, chainIds: [], tokens: [] }
  const stillHeld = new Set(held.filter((x) => chainIds.includes(x.chainId)).map((x) => x.tokenSymbol))
  const tokens = access.tokens.filter((t) => stillHeld.has(t))
  return { ...access, chainIds, tokens: tokens.length ? tokens : access.tokens }
}

/** Any source again: no chain or token restriction (what the route must never touch stays). */
export function anySource(access: Access): Access {
  return { ...access, chainIds: [], tokens: [] }
}
