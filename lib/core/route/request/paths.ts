// A token request refused because it could never settle: no chain that the access list and the
// settlement layers allow can bring its asset to the destination.
import { NoPathFoundError } from '../../errors'
import { type TokenInfo, tokens } from '../../tokens/tokens'
import { type Layer, layerSupports } from '../settlementLayers'
import type { AccessPolicy } from './accessPolicy'

/** No chain that the access list and the layers allow can ever bring this token: No Path Found. */
export function assertPath(
  token: TokenInfo,
  destination: number,
  served: readonly number[],
  access: AccessPolicy,
  layers: ReadonlySet<Layer>,
) {
  const group = token.extensions.group
  const reachable = tokens.some(
    (t) =>
      t.extensions.group === group &&
      served.includes(t.chainId) &&
      access.allows(t) &&
      (t.chainId === destination || [...layers].some((l) => layerSupports(l, group, t.chainId, destination))),
  )
  if (!reachable)
    throw new NoPathFoundError(
      `nothing the access list and settlement layers allow can bring ${token.symbol} to chain ${destination}`,
      { token: token.address, destinationChainId: destination },
    )
}
