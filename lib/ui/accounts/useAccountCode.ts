'use client'
// The account's code on every served chain, read through the wallet config's nodes (as the
// signature checks read it): whether it is deployed, or delegated with EIP-7702, where.
import { useQuery } from '@tanstack/react-query'
import { type Address, type Hex, isAddress } from 'viem'
import { useConfig } from 'wagmi'
import { chains } from '../../core/chains/chains'

export type AccountCode = { status: 'off' | 'loading' | 'error' } | { status: 'ready'; codes: Record<number, Hex> }

export function useAccountCode(account: string, enabled: boolean): AccountCode {
  const config = useConfig()
  const address = account.trim()
  const on = enabled && isAddress(address)
  const query = useQuery({
    queryKey: ['accountCode', address.toLowerCase()],
    enabled: on,
    staleTime: 15_000,
    retry: 1,
    queryFn: async () => {
      // viem's public actions load with the first read, not with the page (its first paint).
      const { getPublicClient } = await import('wagmi/actions')
      const read = async (chainId: number): Promise<[number, Hex]> => {
        const client = getPublicClient(config, { chainId: chainId as (typeof config.chains)[number]['id'] })
        if (!client) throw new Error(`no node for chain ${chainId}`)
        return [chainId, (await client.getCode({ address: address as Address })) ?? '0x']
      }
      return Object.fromEntries(await Promise.all(chains.map((c) => read(c.id)))) as Record<number, Hex>
    },
  })
  if (!on) return { status: 'off' }
  if (query.data) return { status: 'ready', codes: query.data }
  return { status: query.isError ? 'error' : 'loading' }
}
