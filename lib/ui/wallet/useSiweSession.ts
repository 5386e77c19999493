'use client'
// The wallet signed in with Ethereum on this browser, and the actions to sign in and out. A change
// reads everything again (history and routes are per signed-in wallet).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Address, getAddress, isAddress } from 'viem'
import { useSignMessage } from 'wagmi'
import type { SessionResponse } from '../../api/auth'
import { fetchSession, sessionPath, signInWithEthereum, signOut } from '../../api/client/siweSession'
import { nexusDeployment } from '../../core/accounts/nexusAccount'
import { takeEarlyRead } from '../shared/earlyReads'
import { useWalletConnection } from './useWalletConnection'

export function useSiweSession() {
  const queryClient = useQueryClient()
  const { address, chainId } = useWalletConnection()
  const { signMessageAsync } = useSignMessage()
  // The first read may already be on its way from the page's HTML (earlyReads.ts).
  const session = useQuery({
    queryKey: ['siweSession'],
    queryFn: ({ signal }) => fetchSession({ signal, fetchFn: takeEarlyRead(sessionPath, undefined) }),
    staleTime: 60_000,
  })
  // The new session first, then everything read under the old one dropped: pages read again only
  // what they may read now (a history query never goes out under a session that just ended).
  const changed = (next: SessionResponse) => {
    queryClient.setQueryData(['siweSession'], next)
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'siweSession' })
  }
  const signIn = useMutation({
    mutationFn: () => {
      if (!address) throw new Error('Connect a wallet to sign in with it.')
      return signInWithEthereum({
        address,
        chainId: chainId ?? 1,
        location: window.location,
        signMessage: (message) => signMessageAsync({ message }),
      })
    },
    onSuccess: changed,
  })
  const out = useMutation({ mutationFn: () => signOut(), onSuccess: changed })
  const signedIn = session.data?.address ?? null
  return {
    signedIn,
    /** Signed in as the connected wallet. */
    isWalletSignedIn: Boolean(signedIn && address && signedIn === address),
    /** Whether `account` is the signed-in wallet or the Nexus account it owns (the server's rule, lib/server/accountAccess.ts). */
    covers: (account: string | undefined) =>
      Boolean(
        signedIn &&
          account &&
          isAddress(account, { strict: false }) &&
          [signedIn, nexusDeployment(signedIn as Address).address].includes(getAddress(account)),
      ),
    canSignIn: Boolean(address),
    signIn,
    signOut: out,
  }
}
