'use client'
// The service's measured settlement times (GET /api/v1/settlement-times), for the ETA the route
// card and the other routes show; refreshed every minute.
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { fetchApi } from '../../api/client/fetchApi'
import { useApiKey } from '../shared/apiKey'
import { retryTransient } from '../shared/retryTransient'
import { etaBasis, etaSeconds } from './settlementEta'

export function useSettlementTimes() {
  const { key, source } = useApiKey()
  return useQuery({
    queryKey: ['settlement-times', source],
    queryFn: ({ signal }) =>
      fetchApi({
        path: '/api/v1/settlement-times',
        schema: (s) => s.settlementTimesResponseSchema,
        apiKey: key,
        signal,
      }),
    retry: retryTransient,
    staleTime: 60_000,
  })
}

export type SettlementEta = {
  /** Where the ETA comes from: the destination's measured median (over `samples` transfers), or
   * undefined for the estimate from the chains' block times. */
  basis: { samples: number } | undefined
  /** The ETA in seconds of a route drawing on these source chains, on that basis. */
  seconds: (sourceChainIds: readonly number[]) => number
}

/** The ETA of routes to one destination, chosen once from the measured settlement times: the route
 * card shows it with its basis, and the other routes use the same seconds. */
export function useSettlementEta(destinationChainId: number): SettlementEta {
  const measured = useSettlementTimes().data?.destinations
  return useMemo(
    () => ({
      basis: etaBasis(destinationChainId, measured),
      seconds: (sourceChainIds) => etaSeconds(sourceChainIds, destinationChainId, measured),
    }),
    [destinationChainId, measured],
  )
}
