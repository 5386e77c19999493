'use client'
// The service's measured settlement times (GET /api/v1/settlement-times), for the ETA the route
// card and the other routes show; refreshed every minute.
import { useQuery } from '@tanstack/react-query'
import { fetchApi } from '../../api/client/fetchApi'
import { settlementTimesResponseSchema } from '../../api/settlementTimes'
import { useApiKey } from '../shared/apiKey'
import { retryTransient } from '../shared/retryTransient'

export function useSettlementTimes() {
  const { key, source } = useApiKey()
  return useQuery({
    queryKey: ['settlement-times', source],
    queryFn: ({ signal }) => fetchApi({ path: '/api/v1/settlement-times', schema: settlementTimesResponseSchema, apiKey: key, signal }),
    retry: retryTransient,
    staleTime: 60_000,
  })
}
