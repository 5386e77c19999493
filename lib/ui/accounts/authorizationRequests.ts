// EIP-7702, what the wallet is asked to sign: one authorization per chain where the route says the
// account still needs its delegation (signedMetadata.account.requiredDelegations), for that chain's
// delegate at the account's current nonce there — decoded, as the authorization panel shows it —
// and whether a signed one recovers to the account.
import { type Address, type Hex, isAddressEqual } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import type { SubmittedAuthorization } from '../../api/client/intentApi'
import type { RouteResponse } from '../../api/routeResponse'
import { chainName } from '../shared/tokenAmount'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export type AuthorizationRequest = { chainId: number; chainName: string; contractAddress: Address; authority: Address }

/** The delegations to sign for, in chain order; none for a route whose account needs none. */
export function authorizationRequests(intentOp: Pick<IntentOp, 'sponsor' | 'signedMetadata'>): AuthorizationRequest[] {
  return Object.entries(intentOp.signedMetadata.account.requiredDelegations)
    .map(([id, { contract }]) => ({
      chainId: Number(id),
      chainName: chainName(Number(id)),
      contractAddress: contract as Address,
      authority: intentOp.sponsor as Address,
    }))
    .filter((r) => r.chainId > 0)
    .sort((a, b) => a.chainId - b.chainId)
}

/** A signed authorization as the wallet answered it (JSON), in the shape the client submits. */
export function asSubmitted(value: {
  chainId: number | string
  address: string
  nonce: number | string
  yParity: number | string
  r: string
  s: string
}): SubmittedAuthorization {
  return {
    chainId: Number(value.chainId),
    address: value.address as Hex,
    nonce: Number(value.nonce),
    yParity: Number(value.yParity),
    r: value.r as Hex,
    s: value.s as Hex,
  }
}

/** Whether the wallet signed what was asked: this chain, this delegate, this nonce, recovering to the account. */
export async function checkSignedAuthorization(
  request: AuthorizationRequest & { nonce: number },
  signed: SubmittedAuthorization,
): Promise<boolean> {
  if (
    signed.chainId !== request.chainId ||
    signed.nonce !== request.nonce ||
    !isAddressEqual(signed.address, request.contractAddress)
  )
    return false
  const signer = await recoverAuthorizationAddress({
    authorization: {
      chainId: signed.chainId,
      address: signed.address,
      nonce: signed.nonce,
      yParity: signed.yParity,
      r: signed.r,
      s: signed.s,
    },
  }).catch(() => undefined)
  return signer !== undefined && isAddressEqual(signer, request.authority)
}
