// Which chains a route request can use, so the state stage reads only those: the destination,
// the chain the USD prices come from, every chain where the access list allows a token of an
// asset group the route moves, and the chains the request names itself (EIP-7702 authorizations,
// pre-claim operations). A request restricted to one source chain reads two or three chains, not
// every served one.
import { tokensOnChain } from '../../tokens/tokens'
import type { ResolvedRequest } from '../request/resolveRequest'
import type { RouteInput } from '../routeInput'

export type ChainUse = Pick<ResolvedRequest, 'served' | 'destination' | 'groups' | 'access' | 'preClaimExecutions'> & {
  input: Pick<RouteInput, 'signedAuthorizations' | 'recipientSignedAuthorizations'>
}

export function chainsToRead(request: ChainUse, priceChainId: number): number[] {
  const { input, served, groups, access } = request
  const named = new Set<number>([
    request.destination,
    priceChainId,
    ...input.signedAuthorizations.map((a) => a.chainId),
    ...input.recipientSignedAuthorizations.map((a) => a.chainId),
    ...Object.keys(request.preClaimExecutions).map(Number),
  ])
  return served.filter(
    (id) => named.has(id) || tokensOnChain(id).some((t) => groups.includes(t.extensions.group) && access.allows(t)),
  )
}
