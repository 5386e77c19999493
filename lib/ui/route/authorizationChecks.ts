// EIP-7702 for the inspector: the delegations the account (and recipient) still need per chain,
// and every authorization the intentOp carries, checked: does it recover to the account it is for?
import { type Address, isAddressEqual } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import type { RouteResponse } from '../../api/routeResponse'
import { chainName } from '../shared/tokenAmount'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export type RequiredDelegation = { who: 'account' | 'recipient'; chainId: number; chainName: string; contract: Address }

export type AuthorizationCheck = {
  who: 'account' | 'recipient'
  chainId: number
  chainName: string
  contract: Address
  nonce: string
  expectedSigner: Address
  /** Undefined when the signature does not recover at all. */
  signer?: Address
  verified: boolean
}

export function requiredDelegations(intentOp: IntentOp): RequiredDelegation[] {
  const { account, recipient } = intentOp.signedMetadata
  const list = (who: RequiredDelegation['who'], d: Record<string, { contract: Address }>) =>
    Object.entries(d).map(([id, { contract }]) => ({
      who,
      chainId: Number(id),
      chainName: chainName(Number(id)),
      contract,
    }))
  const own = list('account', account.requiredDelegations)
  // The recipient is usually the account itself: list its delegations once.
  const theirs = isAddressEqual(account.address, recipient.address)
    ? []
    : list('recipient', recipient.requiredDelegations)
  return [...own, ...theirs]
}

export async function checkAuthorizations(intentOp: IntentOp): Promise<AuthorizationCheck[]> {
  const recipient = intentOp.signedMetadata.recipient.address
  const all = [
    ...intentOp.signedAuthorizations.map((a) => ({ a, who: 'account' as const, expected: intentOp.sponsor })),
    ...intentOp.recipientSignedAuthorizations.map((a) => ({ a, who: 'recipient' as const, expected: recipient })),
  ]
  return Promise.all(
    all.map(async ({ a, who, expected }) => {
      const signer = await recoverAuthorizationAddress({
        authorization: {
          chainId: a.chainId,
          address: a.address,
          nonce: Number(a.nonce),
          yParity: a.yParity,
          r: a.r,
          s: a.s,
        },
      }).catch(() => undefined)
      return {
        who,
        chainId: a.chainId,
        chainName: chainName(a.chainId),
        contract: a.address,
        nonce: a.nonce,
        expectedSigner: expected,
        ...(signer ? { signer } : {}),
        verified: signer !== undefined && isAddressEqual(signer, expected),
      }
    }),
  )
}
