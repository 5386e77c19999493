// The EIP-7702 authorizations the account and the recipient send, checked against the nonces the
// state stage read for them.

import type { RouteState } from '../state/readRouteState'
import { checkAuthorizations } from './authorizations'
import type { ResolvedRequest } from './resolveRequest'

export async function routeAuthorizations(request: ResolvedRequest, state: RouteState) {
  const { input, account, recipient, served } = request
  const chains = [...state.chains.values()]
  const nonces = new Map(
    chains.flatMap((c) => (c.accountNonce === undefined ? [] : [[c.chainId, c.accountNonce] as const])),
  )
  const signedAuthorizations = await checkAuthorizations({
    field: 'signedAuthorizations',
    account: account.address,
    delegations: account.delegations,
    authorizations: input.signedAuthorizations,
    nonces,
    servedChainIds: served,
  })
  const recipientNonces = new Map(
    chains.flatMap((c) => (c.recipientNonce === undefined ? [] : [[c.chainId, c.recipientNonce] as const])),
  )
  const recipientSignedAuthorizations = await checkAuthorizations({
    field: 'recipientSignedAuthorizations',
    account: recipient.address,
    delegations: recipient.delegations,
    authorizations: input.recipientSignedAuthorizations,
    nonces: recipientNonces,
    servedChainIds: served,
  })
  return { signedAuthorizations, recipientSignedAuthorizations }
}
