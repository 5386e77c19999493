'use client'
// Whose history: an address typed in (kept in the URL, so a view can be shared) or, without one,
// the connected wallet's.
import { usePathname, useSearchParams } from 'next/navigation'
import { useCallback, useState } from 'react'

export function useHistoryAddress(): [string | undefined, (address: string | undefined) => void] {
  const searchParams = useSearchParams()
  const pathname = usePathname()
  const read = () => searchParams.get('address')?.trim() || undefined
  const [address, setAddress] = useState(read)
  const [seen, setSeen] = useState(searchParams)
  if (seen !== searchParams) {
    // Back and forward change the URL from outside.
    setSeen(searchParams)
    setAddress(read())
  }
  const update = useCallback(
    (next: string | undefined) => {
      setAddress(next)
      window.history.replaceState(null, '', next ? `${pathname}?address=${encodeURIComponent(next)}` : pathname)
    },
    [pathname],
  )
  return [address, update]
}
