'use client'
// The authorization panel's signing: reads the account's nonce on each chain that needs its
// EIP-7702 delegation, asks the connected wallet to sign each authorization (`wallet_signAuthorization`:
// the demo wallet answers it through the devnet's demo signer; a wallet that does not is said so),
// and checks each answer before the route can be submitted with them.
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useConfig } from 'wagmi'
import { getConnection, getPublicClient } from 'wagmi/actions'
import type { SubmittedAuthorization } from '@/lib/api/client/intentApi'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { asWalletChainId } from '@/lib/ui/wallet/walletChainId'
import { describeWalletError } from '../wallet/describeWalletError'
import { asSubmitted, authorizationRequests, checkSignedAuthorization } from './authorizationRequests'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export type AuthorizationSigning = ReturnType<typeof useAuthorizationSigning>

export function useAuthorizationSigning(intentOp: IntentOp) {
  const config = useConfig()
  const requests = useMemo(() => authorizationRequests(intentOp), [intentOp])
  // Each request with the account's nonce on its chain: what the wallet is asked to sign.
  const nonces = useQuery({
    queryKey: ['authorizationNonces', intentOp.nonce, intentOp.sponsor],
    queryFn: () =>
      Promise.all(
        requests.map(async (r) => {
          const client = getPublicClient(config, { chainId: asWalletChainId(r.chainId) })
          if (!client) throw new Error(`The wagmi config has no public client for ${r.chainName} (${r.chainId})`)
          const nonce = await client.getTransactionCount({ address: r.authority, blockTag: 'pending' })
          return { ...r, nonce }
        }),
      ),
    enabled: requests.length > 0,
    staleTime: Infinity,
  })
  const asked = nonces.data
  const [signed, setSigned] = useState<SubmittedAuthorization[]>()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()

  const sign = useCallback(async () => {
    if (!asked) return
    setBusy(true)
    setFailure(undefined)
    try {
      const provider = (await getConnection(config).connector?.getProvider()) as
        | { request: (a: { method: string; params: unknown[] }) => Promise<unknown> }
        | undefined
      if (!provider) throw new Error('Connect the wallet of the account to sign its authorizations.')
      const out: SubmittedAuthorization[] = []
      for (const r of asked) {
        const answer = await provider.request({
          method: 'wallet_signAuthorization',
          params: [{ chainId: r.chainId, contractAddress: r.contractAddress, nonce: r.nonce }],
        })
        const authorization = asSubmitted(answer as Parameters<typeof asSubmitted>[0])
        if (!(await checkSignedAuthorization(r, authorization)))
          throw new Error(
            `The wallet's authorization for ${r.chainName} is not the one asked for, or does not recover to ${r.authority}.`,
          )
        out.push(authorization)
      }
      setSigned(out)
    } catch (error) {
      setFailure(
        /wallet_signAuthorization|not supported|does not exist|unsupported/i.test(String((error as Error)?.message))
          ? 'This wallet cannot sign EIP-7702 authorizations.'
          : describeWalletError(error),
      )
    } finally {
      setBusy(false)
    }
  }, [asked, config])

  return {
    requests,
    asked,
    noncesError: nonces.error,
    signed,
    needed: requests.length > 0,
    done: requests.length === 0 || signed !== undefined,
    busy,
    failure,
    sign,
  }
}
