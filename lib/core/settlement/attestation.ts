// The attester's EIP-712 message: what it saw in a destination chain's `Filled` event. The
// devnet arbiter (lib/core/abi/arbiter.ts) checks it on every origin chain of a route before it
// releases an escrow or claims a lock; the domain has no chain id, so one signature serves all.
import type { Address, Hex, TypedDataDefinition } from 'viem'

export const attestationDomain = { name: 'Intent Router Attester', version: '1' } as const

export const attestationTypes = {
  FillAttestation: [
    { name: 'sponsor', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'recipient', type: 'address' },
    { name: 'delivered', type: 'Token[]' },
    { name: 'filler', type: 'address' },
    { name: 'destinationChainId', type: 'uint256' },
    { name: 'destinationArbiter', type: 'address' },
    { name: 'fillBlock', type: 'uint256' },
    { name: 'fillTimestamp', type: 'uint256' },
    { name: 'mandateHashes', type: 'bytes32[]' },
  ],
  Token: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
} as const

export type FillAttestation = {
  sponsor: Address
  nonce: bigint
  recipient: Address
  delivered: readonly { token: Address; amount: bigint }[]
  filler: Address
  destinationChainId: bigint
  destinationArbiter: Address
  fillBlock: bigint
  fillTimestamp: bigint
  /** The hashes of the Mandates the fill delivered, computed by the destination arbiter. */
  mandateHashes: readonly Hex[]
}

export function attestationTypedData(
  message: FillAttestation,
): TypedDataDefinition<typeof attestationTypes, 'FillAttestation'> {
  return { domain: attestationDomain, types: attestationTypes, primaryType: 'FillAttestation', message }
}
