'use client'
// Asking the service for a route (POST /intents/route) with the page's key. The builder's submit
// and every "Refresh route" go through here; a new route also makes the history stale.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postRoute } from '@/lib/api/client/routeApi'
import { useApiKey } from '@/lib/ui/shared/apiKey'

/** `TRequest`: the builder's own body type; a stored request from the history is just JSON. */
export function useRouteRequest<TRequest = unknown>() {
  const { key } = useApiKey()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: TRequest) => postRoute({ request, ...(key ? { apiKey: key } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['routeHistory'] }),
  })
}
