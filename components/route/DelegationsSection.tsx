'use client'
// EIP-7702: the delegations the account still needs on the route's chains, and each authorization
// the intentOp carries, recovered and compared with the account it must come from.
import { Address } from '@/components/DataList'
import { Section } from '@/components/Section'
import type { RouteResponse } from '@/lib/api/routeResponse'
import type { AuthorizationSigning } from '@/lib/ui/accounts/useAuthorizationSigning'
import { requiredDelegations } from '@/lib/ui/route/authorizationChecks'
import { useAuthorizationChecks } from '@/lib/ui/route/useRouteChecks'
import { AuthorizationsToSign } from './AuthorizationsToSign'
import { Verdict } from './Verdict'

export function DelegationsSection({
  intentOp,
  signing,
}: {
  intentOp: NonNullable<RouteResponse['intentOp']>
  signing?: AuthorizationSigning
}) {
  const required = requiredDelegations(intentOp)
  const checks = useAuthorizationChecks(intentOp)
  return (
    <Section
      title="Delegations and authorizations"
      description="EIP-7702: which chains still need the account’s code delegated, and the signed authorizations that do it."
    >
      <h3 className="text-sm font-medium">Required delegations</h3>
      {required.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          None: no delegation is declared, or the account is already delegated where the route runs.
        </p>
      ) : (
        <ul className="mt-1 grid gap-1 text-sm" data-testid="required-delegations">
          {required.map((d) => (
            <li key={`${d.who}:${d.chainId}`}>
              {d.who === 'account' ? 'Account' : 'Recipient'} on{' '}
              <strong className="font-semibold">{d.chainName}</strong> → <Address value={d.contract} />
            </li>
          ))}
        </ul>
      )}
      {signing?.needed && <AuthorizationsToSign signing={signing} />}
      <h3 className="mt-4 text-sm font-medium">Signed authorizations</h3>
      {checks.isPending ? (
        <p className="mt-1 text-sm">Checking…</p>
      ) : !checks.data?.length ? (
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">None supplied with this route.</p>
      ) : (
        <ul className="mt-1 grid gap-2" data-testid="authorizations">
          {checks.data.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: authorizations are positional, as the route lists them
            <li key={i} className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-950/60">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {a.who === 'account' ? 'Account' : 'Recipient'} on {a.chainName}, nonce {a.nonce}
                </span>
                <Verdict status={a.verified ? 'ok' : 'bad'}>{a.verified ? 'verified' : 'not verified'}</Verdict>
              </p>
              <p className="mt-1">
                Delegate <Address value={a.contract} />
              </p>
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                {a.signer ? (
                  <>
                    Signed by <Address value={a.signer} />
                  </>
                ) : (
                  'The signature does not recover.'
                )}
                {!a.verified && (
                  <>
                    {' '}
                    — expected <Address value={a.expectedSigner} />
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
