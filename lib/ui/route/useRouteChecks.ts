'use client'
// The inspector's two verifications, each computed once per route: the server signature against
// the signer the service publishes, and the EIP-7702 authorizations the intentOp carries.
import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { fetchSigner } from '@/lib/api/client/routeApi'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { checkAuthorizations } from '@/lib/ui/route/authorizationChecks'
import { checkServerSignature } from '@/lib/ui/route/serverSignatureCheck'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export function useServerSignatureCheck(intentOp: IntentOp, rawIntentOp: unknown) {
  const signer = useQuery({
    queryKey: ['signer'],
    queryFn: ({ signal }) => fetchSigner({ signal }),
    staleTime: Infinity,
    retry: 1,
  })
  const check = useQuery({
    queryKey: ['serverSignature', intentOp.nonce, intentOp.serverSignature, signer.data?.address],
    queryFn: () => {
      if (!signer.data) throw new Error('useServerSignatureCheck: ran before the signer was read (the query is off)')
      return checkServerSignature(rawIntentOp, signer.data.address as Address)
    },
    enabled: signer.data !== undefined,
    staleTime: Infinity,
  })
  return { signer, check }
}

export function useAuthorizationChecks(intentOp: IntentOp) {
  return useQuery({
    queryKey: ['authorizations', intentOp.nonce, intentOp.serverSignature],
    queryFn: () => checkAuthorizations(intentOp),
    staleTime: Infinity,
  })
}
