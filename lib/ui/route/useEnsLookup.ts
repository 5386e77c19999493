'use client'
// Looks an ENS name up on Ethereum (chain 1) through the wallet config's node for it: first whether
// that node has the ENS Universal Resolver at all (the devnet's has none), then the name's address.
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import { type EnsLookup, normalizeEnsName } from './ensRecipient'

export function useEnsLookup(name: string | undefined): EnsLookup | undefined {
  const config = useConfig()
  const query = useQuery({
    queryKey: ['ens', name],
    enabled: name !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async (): Promise<EnsLookup> => {
      // viem's public actions (ENS among them) load with the first lookup, not with the page.
      const { getPublicClient } = await import('wagmi/actions')
      const client = getPublicClient(config, { chainId: 1 })
      if (name === undefined || client === undefined)
        throw new Error('useEnsLookup: looked up without a name or a mainnet client (the query is off then)')
      const checked = await normalizeEnsName(name)
      if ('problem' in checked) return { name, status: 'invalid', problem: checked.problem }
      const resolver = client.chain.contracts?.ensUniversalResolver?.address
      const code = resolver ? await client.getCode({ address: resolver }) : undefined
      if (!code || code === '0x') return { name, status: 'no-registry' }
      const address = await client.getEnsAddress({ name: checked.normalized })
      return address ? { name, status: 'resolved', address } : { name, status: 'not-found' }
    },
  })
  const { data, error } = query
  return useMemo((): EnsLookup | undefined => {
    if (name === undefined) return undefined
    if (data) return data
    if (error)
      return {
        name,
        status: 'failed',
        message: error instanceof Error ? (error.message.split('\n')[0] ?? 'error') : 'error',
      }
    return { name, status: 'checking' }
  }, [name, data, error])
}
