'use client'
// False while React hydrates (what the server rendered), true after. React asks for the server
// snapshot during every hydration pass, including a Suspense boundary that hydrates late.
import { useSyncExternalStore } from 'react'

const never = () => () => {}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
