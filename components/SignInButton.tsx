'use client'
import { shortAddress } from '@/lib/ui/shared/formatAddress'
// Sign in with Ethereum (EIP-4361) as the connected wallet, or sign out. The dashboard's key builds
// routes, submits and reads history only for the signed-in wallet.
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { buttonStyles } from './buttonStyles'

export function SignInButton() {
  const { signedIn, isWalletSignedIn, canSignIn, signIn, signOut } = useSiweSession()
  return (
    <div className="grid gap-1">
      {signedIn && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="signed-in">
          Signed in as <span className="font-mono">{shortAddress(signedIn)}</span>
        </p>
      )}
      {isWalletSignedIn ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Sign out
        </button>
      ) : (
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={!canSignIn || signIn.isPending}
          onClick={() => signIn.mutate()}
        >
          {signIn.isPending ? 'Confirm in your wallet…' : 'Sign in with Ethereum'}
        </button>
      )}
      {signIn.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {describeWalletError(signIn.error)}
        </p>
      )}
    </div>
  )
}
