import 'server-only'
// The demo wallet's EIP-7702 authorizations (devnet only). A node signs typed data and messages for
// its unlocked accounts but never an authorization, so the app signs them for the demo account with
// its published devnet key (DEMO_WALLET_AUTHORIZATION_KEY, set by the devnet alone) — and only a
// delegation to the Nexus 1.2.0 implementation, the one this deployment settles. Unset: 404.
import { isAddressEqual } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { DemoAuthorization, DemoAuthorizationRequest } from '../api/demoAuthorization'
import { demoSignerEnvSchema, readEnv } from '../config/env'
import { demoAddress } from '../core/accounts/demoAddress'
import { nexus } from '../core/accounts/smartAccounts'
import { fieldError, ServiceError } from '../core/errors'

export async function signDemoAuthorization(request: DemoAuthorizationRequest): Promise<DemoAuthorization> {
  const key = readEnv(demoSignerEnvSchema).DEMO_WALLET_AUTHORIZATION_KEY
  if (!key) throw new ServiceError('not_found', 'No demo wallet here: it exists on the devnet only')
  const signer = privateKeyToAccount(key as `0x${string}`)
  // Only the published devnet key may sign here: a real account's key in this variable is refused.
  if (!isAddressEqual(signer.address, demoAddress))
    throw new ServiceError('not_found', "No demo wallet here: the key set is not the devnet demo account's")
  if (!isAddressEqual(request.contractAddress, nexus.implementation)) {
    throw fieldError(
      'unprocessable',
      'contractAddress',
      `The demo wallet delegates only to the Nexus 1.2.0 implementation ${nexus.implementation}`,
    )
  }
  const signed = await signer.signAuthorization({
    chainId: request.chainId,
    contractAddress: nexus.implementation,
    nonce: request.nonce,
  })
  return {
    chainId: signed.chainId,
    address: signed.address,
    nonce: signed.nonce,
    yParity: signed.yParity === 1 ? 1 : 0,
    r: signed.r,
    s: signed.s,
  }
}
