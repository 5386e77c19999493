'use client'
// Signing every typed data a route needs, one after the other, with each signature checked
// against the sponsor as it arrives. Stops at the first refusal and says why.
import { useCallback, useState } from 'react'
import type { Hex } from 'viem'
import { useConfig } from 'wagmi'
import { getConnection, getPublicClient, signTypedData, switchChain } from 'wagmi/actions'
import { checkAccountSignature } from '@/lib/ui/accounts/accountSignature'
import type { RouteAccount } from '@/lib/ui/accounts/routeAccount'
import {
  chainToSwitch,
  type SignatureCheck,
  type SigningFailure,
  type SigningItem,
  signingFailure,
  verifyRouteSignature,
} from '@/lib/ui/route/routeSigning'
import { asWalletChainId } from '@/lib/ui/wallet/walletChainId'

export type SignedItem = { signature: Hex } & SignatureCheck

export type SigningRun = { active?: number; signed: Record<number, SignedItem>; failure?: SigningFailure }

/** `account`: a smart account's route is signed by its owner, packed and checked as the account's (accountSignature.ts). */
export function useRouteSigning(items: readonly SigningItem[], sponsor: string, account?: RouteAccount) {
  const config = useConfig()
  const [run, setRun] = useState<SigningRun>({ signed: {} })
  const signAll = useCallback(async () => {
    const signed: Record<number, SignedItem> = { ...run.signed }
    for (const item of items) {
      if (signed[item.index]) continue
      setRun({ active: item.index, signed: { ...signed } })
      try {
        const { chainId, connector } = getConnection(config)
        const target = chainToSwitch({ walletChainId: chainId, connectorId: connector?.id }, item)
        if (target !== undefined) await switchChain(config, { chainId: asWalletChainId(target) })
        const signature = await signTypedData(config, item.typedData as Parameters<typeof signTypedData>[1])
        signed[item.index] =
          account && account.kind !== 'eoa'
            ? await checkAccountSignature(
                account,
                item.typedData,
                signature,
                getPublicClient(config, { chainId: asWalletChainId(item.chainId) }),
              )
            : { signature, ...(await verifyRouteSignature(item, signature, sponsor)) }
      } catch (error) {
        setRun({ signed: { ...signed }, failure: signingFailure(error) })
        return
      }
    }
    setRun({ signed })
  }, [config, items, run.signed, sponsor, account])
  return { run, signAll }
}

export type RouteSigning = ReturnType<typeof useRouteSigning>
