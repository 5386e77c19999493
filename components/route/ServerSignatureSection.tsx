'use client'
// Is this the route the service issued? Its signature, recovered, against the published signer.
import { Address } from '@/components/DataList'
import { Section } from '@/components/Section'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { useServerSignatureCheck } from '@/lib/ui/route/useRouteChecks'
import { Verdict } from './Verdict'

export function ServerSignatureSection({
  intentOp,
  rawIntentOp,
}: {
  intentOp: NonNullable<RouteResponse['intentOp']>
  rawIntentOp: unknown
}) {
  const { signer, check } = useServerSignatureCheck(intentOp, rawIntentOp)
  const result = check.data
  return (
    <Section
      title="Server signature"
      description="The service signs every route (EIP-191 over keccak256 of the canonical JSON); its signer is published at /api/v1/signer."
      actions={
        signer.isError ? (
          <Verdict status="bad">signer unavailable</Verdict>
        ) : !result ? (
          <Verdict status="pending">checking</Verdict>
        ) : result.status === 'verified' ? (
          <Verdict status="ok">verified</Verdict>
        ) : (
          <Verdict status="bad">{result.status === 'mismatch' ? 'signed by someone else' : 'does not recover'}</Verdict>
        )
      }
    >
      <div className="grid gap-1 text-sm" data-testid="server-signature">
        <p>
          Published signer:{' '}
          {signer.data ? (
            <Address value={signer.data.address} />
          ) : signer.isError ? (
            'could not be read; try again later.'
          ) : (
            'reading…'
          )}
        </p>
        {result && result.status !== 'invalid' && (
          <p>
            Recovered from the signature: <Address value={result.signer} />
          </p>
        )}
        {result?.status === 'mismatch' && (
          <p className="text-red-700 dark:text-red-300">
            The route was changed after signing, or was not issued by this service. Do not sign it.
          </p>
        )}
      </div>
    </Section>
  )
}
