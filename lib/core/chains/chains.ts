// The supported chains (registry.ts lists them, one file each) and look-ups over them.
import { chains } from './registry'
import type { SupportedChain } from './supportedChain'

export { chains } from './registry'
export type { ChainStack, SupportedChain } from './supportedChain'

export type ChainId = (typeof chains)[number]['id']

export const chainIds: readonly ChainId[] = chains.map((c) => c.id)

export function getChain(id: number): SupportedChain | undefined {
  return chains.find((c) => c.id === id)
}
