import 'server-only'
// The EIP-7702 authorizations a submission brings for the chains where the route asks the account
// to delegate (`signedMetadata.account.requiredDelegations`): one per such chain, signed by the
// account, naming the declared delegate, and carrying the account's current nonce there — checked
// again now, since the account may have sent a transaction since the quote.
import type { Address } from 'viem'
import type { SignedIntentOp } from '../api/intentOperation'
import type { ChainReader } from '../core/chainState/multicallRound'
import { ChainUnavailableError, fieldError } from '../core/errors'
import type { UnsignedIntentOp } from '../core/intentOp/intentOp'
import { checkAuthorizations } from '../core/route/request/authorizations'

export async function verifySubmittedAuthorizations(
  issued: UnsignedIntentOp,
  submitted: SignedIntentOp,
  readers: readonly ChainReader[],
): Promise<void> {
  const required = issued.signedMetadata.account.requiredDelegations
  const chains = Object.keys(required).map(Number)
  if (chains.length === 0) return
  const list = submitted.signedAuthorizations ?? issued.signedAuthorizations
  const field = 'signedIntentOp.signedAuthorizations'
  const missing = chains.filter((id) => !list.some((a) => a.chainId === id))
  if (missing.length > 0) {
    const message =
      `${field}: the route delegates the account on chain ${missing.join(', ')} ` +
      '(EIP-7702), and no authorization for it was submitted'
    throw fieldError('invalid_input', field, message)
  }
  const nonces = new Map<number, number>()
  await Promise.all(
    [...new Set(list.map((a) => a.chainId))].map(async (id) => {
      const reader = readers.find((r) => r.chainId === id)
      if (!reader) return
      const nonce = await reader.client.getTransactionCount({ address: issued.sponsor }).catch((error: unknown) => {
        throw new ChainUnavailableError(id, String((error as Error).message).split('\n')[0] ?? '')
      })
      nonces.set(id, nonce)
    }),
  )
  await checkAuthorizations({
    field,
    account: issued.sponsor,
    delegations: required as Record<string, { contract: Address }>,
    authorizations: list.map((a) => ({ ...a, nonce: BigInt(a.nonce), yParity: a.yParity === 1 ? 1 : 0 })),
    nonces,
    servedChainIds: readers.map((r) => r.chainId),
  })
}
