'use client'
// Whether this browser's own read of the sign-in session (useSiweSession) has answered. Until then
// the history page goes by the session the server read from the cookie when it rendered the page.
import { skipToken, useQuery } from '@tanstack/react-query'
import type { SessionResponse } from '@/lib/api/auth'

export function useSessionAnswered(): boolean {
  // Watches the session query without ever reading it: useSiweSession does that.
  return useQuery<SessionResponse>({ queryKey: ['siweSession'], queryFn: skipToken }).isSuccess
}
