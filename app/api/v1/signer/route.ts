// The address that signs every route (intentOp.serverSignature): public, so anyone can verify.
import { serverContext } from '@/lib/server/context'
import { handle, methodNotAllowed } from '@/lib/server/http'

export const GET = handle(async () => {
  const { signer } = serverContext()
  return Response.json({
    address: signer.address,
    scheme: 'EIP-191 personal_sign over keccak256(canonicalJson(intentOp without serverSignature))',
  })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
