// signedMetadata for a reader: the prices, gas prices (gwei) and OP-stack L1 fee parameters the
// route was priced with, and what the service read about each account on each chain.
import type { RouteResponse } from '../../api/routeResponse'
import { shortAddress } from '../shared/formatAddress'
import { formatAmount, groupThousands } from '../shared/formatAmount'
import { chainName } from '../shared/tokenAmount'

type Metadata = NonNullable<RouteResponse['intentOp']>['signedMetadata']
type Context = Metadata['account']['accountContext'][string]

export type MetadataView = {
  prices: { symbol: string; usd: number }[]
  gasPrices: { chainId: number; chainName: string; gwei: string }[]
  l1Params: {
    chainId: number
    chainName: string
    l1BaseFeeGwei: string
    l1BlobBaseFee: string
    baseFeeScalar: string
    blobFeeScalar: string
  }[]
  estimatedCalldataSize?: number
  accounts: {
    who: 'account' | 'recipient'
    address: string
    accountType: string
    chains: { chainId: number; chainName: string; context: string }[]
  }[]
}

const gwei = (wei: string) => formatAmount(BigInt(wei), 9, { maxFractionDigits: 4 })

export function signedMetadataView(metadata: Metadata): MetadataView {
  const l1Params: MetadataView['l1Params'] = []
  let estimatedCalldataSize: number | undefined
  for (const [key, value] of Object.entries(metadata.opGasParams)) {
    if (typeof value === 'number') estimatedCalldataSize = value
    else
      l1Params.push({
        chainId: Number(key),
        chainName: chainName(Number(key)),
        l1BaseFeeGwei: gwei(value.l1BaseFee),
        l1BlobBaseFee: value.l1BlobBaseFee,
        baseFeeScalar: value.baseFeeScalar,
        blobFeeScalar: value.blobFeeScalar,
      })
  }
  const account = (who: 'account' | 'recipient', a: Metadata['account']) => ({
    who,
    address: a.address,
    accountType: a.accountType,
    chains: Object.entries(a.accountContext).map(([id, ctx]) => ({
      chainId: Number(id),
      chainName: chainName(Number(id)),
      context: describeContext(ctx),
    })),
  })
  return {
    prices: Object.entries(metadata.tokenPrices).map(([symbol, usd]) => ({ symbol, usd })),
    gasPrices: Object.entries(metadata.gasPrices).map(([id, wei]) => ({
      chainId: Number(id),
      chainName: chainName(Number(id)),
      gwei: gwei(wei),
    })),
    l1Params,
    ...(estimatedCalldataSize !== undefined ? { estimatedCalldataSize } : {}),
    accounts: [account('account', metadata.account), account('recipient', metadata.recipient)],
  }
}

export function describeContext(ctx: Context): string {
  if (ctx.accountType === 'EOA') return 'Plain account (EOA): no code'
  if (ctx.delegatedTo) return `EIP-7702 delegated to ${shortAddress(ctx.delegatedTo)}`
  const parts = [ctx.isDeployed ? 'deployed' : 'not deployed yet', ...(ctx.isERC7579 ? ['ERC-7579'] : [])]
  return `Smart account (${parts.join(', ')})`
}

/** A feed price as the service signed it: every digit kept (prices are not rounded to cents). */
export function formatUsdPrice(usd: number): string {
  const [whole = '0', fraction] = String(usd).split('.')
  return `$${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`
}
