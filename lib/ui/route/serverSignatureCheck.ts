// Is this route what the service issued? The server signature must recover to the signer the
// service publishes (GET /api/v1/signer). Checked on the raw JSON: the digest covers every key.
import { type Address, isAddressEqual } from 'viem'
import type { WireIntentOp } from '../../core/intentOp/intentOp'
import { routeSigner } from '../../core/intentOp/serverSignature'

export type ServerSignatureCheck =
  | { status: 'verified'; signer: Address }
  | { status: 'mismatch'; signer: Address }
  | { status: 'invalid' }

export async function checkServerSignature(
  rawIntentOp: unknown,
  publishedSigner: Address,
): Promise<ServerSignatureCheck> {
  try {
    const signer = await routeSigner(rawIntentOp as WireIntentOp)
    return isAddressEqual(signer, publishedSigner) ? { status: 'verified', signer } : { status: 'mismatch', signer }
  } catch {
    return { status: 'invalid' }
  }
}
