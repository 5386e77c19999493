// EIP-7702 authorizations a caller supplies for its delegations: each must be signed by the
// account, name the delegate the request declares for that chain, and carry the account's next
// nonce there. A bad one is rejected (400) — never silently dropped.
import { type Address, isAddressEqual } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { ChainUnavailableError, type ErrorDetail, InvalidInputError } from '../../errors'
import type { WireAuthorization } from '../../intentOp/intentOp'
import type { AuthorizationInput } from '../routeInput'

export async function checkAuthorizations(p: {
  field: string
  account: Address
  delegations: Record<string, { contract: Address }>
  authorizations: readonly AuthorizationInput[]
  nonces: ReadonlyMap<number, number>
  /** Chains this deployment serves: an authorization for another one cannot be checked. */
  servedChainIds: readonly number[]
}): Promise<WireAuthorization[]> {
  const problems: ErrorDetail[] = []
  const checked = await Promise.all(
    p.authorizations.map(async (a, i) => {
      const field = `${p.field}.${i}`
      const problem = (message: string) => problems.push({ message: `${field}: ${message}`, context: { field } })
      const delegation = p.delegations[String(a.chainId)] ?? p.delegations['0'] // "0": the same delegate on every chain
      if (a.chainId === 0)
        problem('chain id 0 (valid on every chain) is not accepted; sign one authorization per chain')
      else if (!delegation) problem(`no delegation is declared for chain ${a.chainId}`)
      else if (!isAddressEqual(delegation.contract, a.address))
        problem(`names ${a.address}, but the declared delegate on chain ${a.chainId} is ${delegation.contract}`)
      try {
        const signer = await recoverAuthorizationAddress({
          authorization: {
            chainId: a.chainId,
            address: a.address,
            nonce: Number(a.nonce),
            r: a.r,
            s: a.s,
            yParity: a.yParity,
          },
        })
        if (!isAddressEqual(signer, p.account)) problem(`is signed by ${signer}, not by ${p.account}`)
      } catch {
        problem('the signature does not recover')
      }
      const next = p.nonces.get(a.chainId)
      if (a.chainId !== 0 && !p.servedChainIds.includes(a.chainId))
        problem(`chain ${a.chainId} is not served, so its nonce cannot be checked`)
      else if (a.chainId !== 0 && next === undefined)
        throw new ChainUnavailableError(a.chainId, `the account's nonce for ${field} could not be read`)
      else if (next !== undefined && BigInt(next) !== a.nonce)
        problem(`nonce ${a.nonce} is not the account's next nonce ${next} on chain ${a.chainId}`)
      return { chainId: a.chainId, address: a.address, nonce: a.nonce.toString(), yParity: a.yParity, r: a.r, s: a.s }
    }),
  )
  if (problems.length > 0) throw new InvalidInputError(problems.map((x) => x.message).join('; '), problems)
  return checked
}
