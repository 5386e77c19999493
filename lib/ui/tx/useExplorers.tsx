'use client'
// The explorer base URL per chain, handed over by the server at render time (lib/config/explorers.ts).
import { createContext, type ReactNode, useContext } from 'react'

const ExplorersContext = createContext<Partial<Record<number, string>>>({})

export function ExplorersProvider({
  explorers,
  children,
}: {
  explorers: Partial<Record<number, string>>
  children: ReactNode
}) {
  return <ExplorersContext value={explorers}>{children}</ExplorersContext>
}

export function useExplorers(): Partial<Record<number, string>> {
  return useContext(ExplorersContext)
}
