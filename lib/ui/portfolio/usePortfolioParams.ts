'use client'
// The portfolio view lives in the URL (shareable, survives a reload). A change shows at once and
// is written with history.replaceState, which Next's router follows without asking the server for
// the page again; back and forward, which change the URL from outside, are followed too.
import { usePathname, useSearchParams } from 'next/navigation'
import { useCallback, useState } from 'react'
import { type PortfolioParams, portfolioSearch, readPortfolioParams } from '@/lib/ui/portfolio/portfolioParams'

export function usePortfolioParams(): [PortfolioParams, (next: Partial<PortfolioParams>) => void] {
  const searchParams = useSearchParams()
  const pathname = usePathname()
  const [params, setParams] = useState(() => readPortfolioParams(searchParams))
  const [seen, setSeen] = useState(searchParams)
  if (seen !== searchParams) {
    setSeen(searchParams)
    setParams(readPortfolioParams(searchParams))
  }
  const update = useCallback(
    (next: Partial<PortfolioParams>) => {
      const merged = { ...params, ...next }
      setParams(merged)
      window.history.replaceState(null, '', `${pathname}${portfolioSearch(merged)}`)
    },
    [params, pathname],
  )
  return [params, update]
}
