// The server's signature over a route, verifiable by anyone against the published signer address.
//   digest = keccak256(utf8(canonicalJson(intentOp without serverSignature)))
//   serverSignature = EIP-191 personal_sign over the 32-byte digest (viem signMessage({ message: { raw: digest } }))
// canonicalJson: JSON with object keys sorted by code unit at every level, no whitespace (canonicalJson.ts).
// The digest covers the elements, nonce, expiry, sponsor, signedMetadata and the authorizations.
// viem signs deterministically (RFC 6979): the same intentOp and key always give the same signature,
// so a route stored without it is signed again, to the same bytes, whenever it is handed out.
import { type Address, type Hex, keccak256, recoverMessageAddress, stringToBytes } from 'viem'
import { canonicalJson } from './canonicalJson'
import type { RouteResponse, UnsignedIntentOp, UnsignedRouteResponse, WireIntentOp } from './intentOp'

export function routeDigest(intentOp: UnsignedIntentOp & { serverSignature?: Hex }): Hex {
  const { serverSignature: _, ...signed } = intentOp
  return keccak256(stringToBytes(canonicalJson(signed)))
}

export type RouteSigner = { address: Address; signMessage: (p: { message: { raw: Hex } }) => Promise<Hex> }

export async function signRoute(intentOp: UnsignedIntentOp, signer: RouteSigner): Promise<Hex> {
  return signer.signMessage({ message: { raw: routeDigest(intentOp) } })
}

/** The route with its intentOp signed (serverSignature last, as the wire has it); a shortfall has
 * nothing to sign. */
export async function signRouteResponse(route: UnsignedRouteResponse, signer: RouteSigner): Promise<RouteResponse> {
  if (!route.intentOp) return { ...route, intentOp: null }
  return { ...route, intentOp: { ...route.intentOp, serverSignature: await signRoute(route.intentOp, signer) } }
}

export async function routeSigner(intentOp: WireIntentOp): Promise<Address> {
  return recoverMessageAddress({ message: { raw: routeDigest(intentOp) }, signature: intentOp.serverSignature })
}
