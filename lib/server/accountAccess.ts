import 'server-only'
// What the browser key may do for an account: anything public for anyone, but routes, submissions,
// history and intents only for the wallet signed in with Ethereum on that browser, or for the
// Nexus smart account it owns (the SDK's default account for that wallet as its one owner: its
// address commits to that owner, lib/core/accounts/nexusAccount.ts). Keys issued with
// `npm run keys` are server-side credentials and are not bound to an account.
import { getAddress, isAddress } from 'viem'
import { nexusDeployment } from '../core/accounts/nexusAccount'
import { fieldError } from '../core/errors'
import type { Caller } from './apiKeys'

export const signInHint = 'sign in with Ethereum (GET /api/v1/auth/nonce, then POST /api/v1/auth/session)'

/** Throws 401 (not signed in) or 403 (signed in as another wallet) when the browser key asks about `account`. */
export function requireAccount(caller: Caller, account: string, p: { task: string; field: string }): void {
  if (!caller.browser) return
  const wanted = isAddress(account, { strict: false }) ? getAddress(account) : account
  if (!caller.wallet) {
    const message =
      `Sign in with Ethereum as ${wanted} to ${p.task} with the ` +
      `dashboard's key: ${signInHint}, or use an API key of your own`
    throw fieldError(
      'unauthenticated',
      p.field,
      message,
      { account: wanted, signIn: true },
      { code: 'SIGN_IN_REQUIRED' },
    )
  }
  if (caller.wallet !== wanted && nexusDeployment(caller.wallet as `0x${string}`).address !== wanted) {
    const message =
      `Signed in as ${caller.wallet}: the dashboard's key can only ${p.task} ` +
      `for the signed-in wallet or the Nexus account it owns, not ${wanted}`
    throw fieldError(
      'forbidden',
      p.field,
      message,
      { account: wanted, signedIn: caller.wallet, signIn: true },
      { code: 'ACCOUNT_MISMATCH' },
    )
  }
}
