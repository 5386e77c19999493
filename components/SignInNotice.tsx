'use client'
// Where the page needs a signed-in wallet: with the dashboard's own key, routes, submissions and
// history are only for the wallet signed in with Ethereum. A pasted key of your own needs none.
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { SignInButton } from './SignInButton'

export function SignInNotice({ account, task }: { account: string | undefined; task: string }) {
  const { source } = useApiKey()
  const { covers, canSignIn } = useSiweSession()
  if (source !== 'app' || covers(account)) return null
  return (
    <section
      aria-labelledby="sign-in-heading"
      className="grid gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-100"
    >
      <h2 id="sign-in-heading" className="font-semibold">
        Sign in to {task}
      </h2>
      <p className="text-sm">
        With the dashboard’s key you can {task} only for the wallet you sign in with (Sign-In with Ethereum: your wallet
        signs a message, no transaction).
        {canSignIn ? '' : ' Connect a wallet first.'}
      </p>
      <div className="justify-self-start">
        <SignInButton />
      </div>
    </section>
  )
}
