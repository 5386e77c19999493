'use client'
// What the wallet is asked to sign for an EIP-7702 account, decoded — one authorization per chain
// that still needs the delegation: the chain id, the delegate, the account's nonce there and the
// account it delegates — and the button that has the wallet sign them.
import { buttonStyles } from '@/components/buttonStyles'
import { Address } from '@/components/DataList'
import { nexus } from '@/lib/core/accounts/smartAccounts'
import type { AuthorizationSigning } from '@/lib/ui/accounts/useAuthorizationSigning'
import { Verdict } from './Verdict'

export function AuthorizationsToSign({ signing }: { signing: AuthorizationSigning }) {
  const { requests, asked, signed, busy, failure, noncesError } = signing
  // Each request, with the account's nonce on its chain once that is read.
  const rows: readonly ((typeof requests)[number] & { nonce?: number })[] = asked ?? requests
  return (
    <div className="mt-4 grid gap-2" data-testid="authorizations-to-sign">
      <h3 className="text-sm font-medium">What your wallet signs</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        An EIP-7702 authorization per chain: the account’s code becomes a pointer to the delegate there. The filler
        sends it with the account’s setup before anything is claimed.
      </p>
      <ul className="grid gap-2">
        {rows.map((r, i) => (
          <li
            key={r.chainId}
            className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-950/60"
            data-testid="authorization-request"
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-zinc-600 dark:text-zinc-400">Chain</dt>
              <dd>
                {r.chainName} (chain id {r.chainId})
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Delegate</dt>
              <dd>
                <Address value={r.contractAddress} />
                {r.contractAddress.toLowerCase() === nexus.implementation.toLowerCase() &&
                  ' — the Nexus 1.2.0 implementation'}
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Nonce</dt>
              <dd data-testid="authorization-nonce">
                {r.nonce !== undefined ? r.nonce : noncesError ? 'could not be read' : 'reading…'}
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Account</dt>
              <dd>
                <Address value={r.authority} />
              </dd>
            </dl>
            {signed?.[i] && (
              <p className="mt-2">
                <Verdict status="ok">signed: recovers to the account</Verdict>
              </p>
            )}
          </li>
        ))}
      </ul>
      {!signed && (
        <button
          type="button"
          className={`${buttonStyles.secondary} justify-self-start`}
          disabled={!asked || busy}
          onClick={() => void signing.sign()}
          data-testid="sign-authorizations"
        >
          {busy
            ? 'Confirm in your wallet…'
            : requests.length === 1
              ? 'Sign the authorization'
              : `Sign the ${requests.length} authorizations`}
        </button>
      )}
      <p aria-live="polite" className="text-sm text-red-700 dark:text-red-300">
        {failure ?? ''}
      </p>
    </div>
  )
}
