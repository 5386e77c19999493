// Sign-In with Ethereum against the app under test, as a non-browser client: nonce, EIP-4361
// message for the app's host, the account's signature, and the session cookie it answers with.
import type { LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'

export type SignInOptions = {
  domain?: string
  uri?: string
  chainId?: number
  issuedAt?: Date
  headers?: Record<string, string>
}

export async function siweMessage(
  baseUrl: string,
  account: LocalAccount,
  o: SignInOptions = {},
): Promise<{ message: string; signature: `0x${string}` }> {
  const { nonce } = (await (await fetch(`${baseUrl}/api/v1/auth/nonce`, { headers: o.headers })).json()) as {
    nonce: string
  }
  const message = createSiweMessage({
    address: account.address,
    chainId: o.chainId ?? 8453,
    domain: o.domain ?? new URL(baseUrl).host,
    uri: o.uri ?? baseUrl,
    nonce,
    version: '1',
    issuedAt: o.issuedAt ?? new Date(),
  })
  return { message, signature: await account.signMessage({ message }) }
}

export async function postSession(
  baseUrl: string,
  body: { message: string; signature: string },
  headers: Record<string, string> = {},
) {
  return fetch(`${baseUrl}/api/v1/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** Signs in and answers the `cookie` header value that carries the session. */
export async function signInCookie(baseUrl: string, account: LocalAccount, o: SignInOptions = {}): Promise<string> {
  const res = await postSession(baseUrl, await siweMessage(baseUrl, account, o), o.headers)
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
