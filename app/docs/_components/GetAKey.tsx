// How to get an API key, as the service issues them: nothing for this dashboard (its own key and a
// wallet sign-in), `npm run keys` for a server or script, the devnet's demo key for trying it out.
import { scopes } from '@/lib/config/scopes'

const code = 'rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800'

export function GetAKey() {
  return (
    <section
      id="get-a-key"
      aria-labelledby="get-a-key-heading"
      className="scroll-mt-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="get-a-key-heading" className="text-lg font-semibold">
        How to get a key
      </h2>
      <ul className="mt-2 list-disc space-y-2 pl-5 text-sm text-zinc-800 dark:text-zinc-200">
        <li>
          <strong>In this dashboard you need none:</strong> the page sends the app&apos;s own key, which reads balances
          for anyone and builds routes for the wallet you sign in with.
        </li>
        <li>
          <strong>For a server or a script,</strong> the operator issues one from the service&apos;s database:
          <pre className="mt-1 max-w-full whitespace-pre-wrap wrap-anywhere rounded-lg bg-zinc-900 p-3 font-mono text-xs text-zinc-100">
            npm run keys -- create --name &quot;my app&quot; --scopes portfolio:read,routes:create,routes:read
          </pre>
          It prints the key (<code className={code}>ir_&lt;prefix&gt;_&lt;secret&gt;</code>) once: store it then.
          Scopes:{' '}
          {scopes.map((s, i) => [
            i > 0 && ', ',
            <code key={s} className={code}>
              {s}
            </code>,
          ])}
          ; <code className={code}>routes:sponsor</code> lets the key&apos;s routes have their fees paid by the
          operator. <code className={code}>npm run keys -- list</code> and <code className={code}>revoke</code> manage
          them.
        </li>
        <li>
          <strong>On the devnet,</strong> <code className={code}>npm run dev</code> prints a demo key with every scope.
        </li>
        <li>
          Send the key as the <code className={code}>x-api-key</code> header. To try one on these pages, paste it under{' '}
          <strong>Developer</strong> in the header: it stays in this browser tab only.
        </li>
      </ul>
    </section>
  )
}
