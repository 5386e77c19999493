// The address that signs every route (intentOp.serverSignature): public, so anyone can verify.
import { getSigner as operation } from '@/lib/api/operations'
import { serverContext } from '@/lib/server/context'
import { handle, serve } from '@/lib/server/handle'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async () => ({
    address: serverContext().signer.address,
    scheme: 'EIP-191 personal_sign over keccak256(canonicalJson(intentOp without serverSignature))',
  })),
)
