'use client'
// Whose route: the account in the link (?account=0x…), else the signed-in wallet's, else the
// connected wallet's. One found without the link is written into the address bar, so what the
// reader copies from there opens the same route.
import { usePathname, useSearchParams } from 'next/navigation'
import { useEffect } from 'react'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'

export function useRouteAccount(): string | undefined {
  const given = useSearchParams().get('account')?.trim() || undefined
  const pathname = usePathname()
  const { signedIn } = useSiweSession()
  const { address: wallet } = useWalletConnection()
  const account = given ?? signedIn ?? wallet
  useEffect(() => {
    if (!given && account) window.history.replaceState(null, '', `${pathname}?account=${encodeURIComponent(account)}`)
  }, [given, account, pathname])
  return account
}
