// Signing a route, minus the wallet: which EIP-712 typed data the wallet is asked for (the same
// builder the server tests prove byte-identical to @rhinestone/sdk), when signing is not possible,
// and whether a signature recovers to the sponsor.
import { type Address, type Hex, isAddressEqual, recoverTypedDataAddress } from 'viem'
import type { RouteResponse } from '../../api/routeResponse'
import { type RouteTypedData, routeTypedData } from '../../core/intentOp/typedData'
import { chainName } from '../shared/tokenAmount'
import { describeWalletError, isUserRejection } from '../wallet/describeWalletError'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export type SigningItem = { index: number; title: string; chainId: number; typedData: RouteTypedData }

const titles: Record<string, string> = {
  MultichainCompact: 'The Compact: multichain compact',
  PermitBatchWitnessTransferFrom: 'Permit2: batch transfer with mandate',
  SingleChainOps: 'Intent executor: single-chain ops',
}

export function signingItems(intentOp: IntentOp): SigningItem[] {
  // One typed data per element, in element order (routeTypedData).
  return routeTypedData(intentOp, intentOp.sponsor).map((typedData, index) => {
    const element = intentOp.elements[index]
    if (!element) throw new Error(`signingItems: typed data ${index + 1} has no element in intentOp ${intentOp.nonce}`)
    const domainChainId = typedData.domain?.chainId
    if (domainChainId === undefined)
      throw new Error(`signingItems: the typed data for element ${index + 1} has no domain chain id`)
    const what = titles[typedData.primaryType] ?? typedData.primaryType
    return {
      index,
      title: `${what} for element ${index + 1} (${chainName(Number(element.chainId))})`,
      chainId: Number(domainChainId),
      typedData,
    }
  })
}

/** Typed data as the wallet shows it: bigints as decimal strings. */
export function typedDataJson(typedData: RouteTypedData): string {
  return JSON.stringify(typedData, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)
}

export type SigningState = { expired: boolean; walletAddress: string | undefined; sponsor: string }

/** Why the Sign button is off, or undefined when it can be pressed. */
export function signingBlocker({ expired, walletAddress, sponsor }: SigningState): string | undefined {
  if (expired) return 'This route has expired and can no longer be signed. Refresh it to get a new one.'
  if (!walletAddress) return `Connect the wallet of ${sponsor} to sign.`
  if (!isAddressEqual(walletAddress as Address, sponsor as Address))
    return `This route is for ${sponsor}; the connected wallet is ${walletAddress}. Connect the sponsor’s wallet to sign.`
  return undefined
}

/**
 * Browser wallets (MetaMask among them) refuse typed data whose domain names another chain than
 * the selected one. wagmi's signTypedData does not check, and the demo wallet's nodes sign any
 * domain (checked against anvil), so the demo wallet is not switched back and forth.
 */
export function chainToSwitch(
  { walletChainId, connectorId }: { walletChainId: number | undefined; connectorId: string | undefined },
  item: SigningItem,
): number | undefined {
  if (connectorId === 'demoWallet' || walletChainId === item.chainId) return undefined
  return item.chainId
}

export type SignatureCheck = { signer?: Address; verified: boolean }

export async function verifyRouteSignature(
  item: SigningItem,
  signature: Hex,
  sponsor: string,
): Promise<SignatureCheck> {
  try {
    const signer = await recoverTypedDataAddress({ ...item.typedData, signature } as Parameters<
      typeof recoverTypedDataAddress
    >[0])
    return { signer, verified: isAddressEqual(signer, sponsor as Address) }
  } catch {
    return { verified: false }
  }
}

export type SigningFailure = { rejected: boolean; message: string }

/** A declined request is the reader's choice, said calmly; anything else explained, never raw. */
export function signingFailure(error: unknown): SigningFailure {
  return isUserRejection(error)
    ? {
        rejected: true,
        message: 'You declined the signature in your wallet. Nothing was signed; press Sign to try again.',
      }
    : { rejected: false, message: describeWalletError(error) }
}

/** Every element's signature in element order, once all are in and each recovers to the sponsor; else undefined. */
export function verifiedSignatures(
  items: readonly Pick<SigningItem, 'index'>[],
  signed: Readonly<Record<number, { signature: Hex; verified: boolean }>>,
): Hex[] | undefined {
  const inOrder: Hex[] = []
  for (const item of items) {
    const s = signed[item.index]
    if (!s?.verified) return undefined
    inOrder.push(s.signature)
  }
  return inOrder.length === 0 ? undefined : inOrder
}
