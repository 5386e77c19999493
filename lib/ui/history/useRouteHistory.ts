'use client'
// An account's routes, newest first, a page of 20 at a time: each "load more" passes the last
// page's cursor back.
import { useInfiniteQuery } from '@tanstack/react-query'
import { fetchRouteHistory, routeHistoryPath } from '@/lib/api/client/routeApi'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { takeEarlyRead } from '@/lib/ui/shared/earlyReads'
import { retryTransient } from '@/lib/ui/shared/retryTransient'
import { routeHistoryQueryKey } from './historyQueryKeys'

export function useRouteHistory(address: string | undefined) {
  const { key, source } = useApiKey()
  return useInfiniteQuery({
    queryKey: routeHistoryQueryKey(address, source),
    // The first page may already be on its way from the page's HTML (earlyReads.ts).
    queryFn: ({ pageParam, signal }) => {
      if (address === undefined) throw new Error('useRouteHistory: read without an address (the query is off then)')
      return fetchRouteHistory({
        address,
        cursor: pageParam,
        ...(key ? { apiKey: key } : {}),
        signal,
        fetchFn: takeEarlyRead(routeHistoryPath(address, pageParam), key),
      })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: address !== undefined,
    retry: retryTransient,
    staleTime: 10_000,
  })
}
