// A FillAttestation as the attestations table stores it: JSON with decimal strings for uint256.
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import type { FillAttestation } from '../core/settlement/attestation'

export function attestationToJson(a: FillAttestation): Record<string, unknown> {
  return {
    ...a,
    nonce: a.nonce.toString(),
    delivered: a.delivered.map((t) => ({ token: t.token, amount: t.amount.toString() })),
    destinationChainId: a.destinationChainId.toString(),
    fillBlock: a.fillBlock.toString(),
    fillTimestamp: a.fillTimestamp.toString(),
  }
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<Address>
const uint = z.string().regex(/^\d+$/).transform(BigInt)

const attestationJson = z.object({
  sponsor: address,
  nonce: uint,
  recipient: address,
  delivered: z.array(z.object({ token: address, amount: uint })),
  filler: address,
  destinationChainId: uint,
  destinationArbiter: address,
  fillBlock: uint,
  fillTimestamp: uint,
  mandateHashes: z.array(z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<Hex>),
})

export function attestationFromJson(json: Record<string, unknown>): FillAttestation {
  return attestationJson.parse(json)
}
