// signedMetadata: the chain facts and quotes a route was computed from, covered by the server
// signature so a client can see exactly what it was priced on.
import { getAddress, type Hex } from 'viem'
import type { AccountWithContext, SignedMetadata } from '../../intentOp/intentOp'
import { tokens } from '../../tokens/tokens'
import { accountContext, requiredDelegations } from '../accountContext'
import { usdNumber } from '../feeModel'
import type { Plan } from '../plan/types'
import type { AccountInput } from '../routeInput'
import type { RouteState } from '../state/readRouteState'
import { feeBreakdown } from './buildCost'

export type BuildMetadataParameters = {
  plan: Plan
  state: RouteState
  account: AccountInput
  recipient: AccountInput
  destinationChainId: number
  estimatedCalldataSize: number
  /** Whether the account's calls run on the destination (calls on arrival, or its single-chain ops):
   * only then must it run code there, so only then is a delegation there required. */
  callsOnDestination: boolean
}

/** Each token symbol with the first token that bears it (every token of a symbol shares its price group). */
const firstBySymbol = new Map<string, (typeof tokens)[number]>()
for (const t of tokens) if (!firstBySymbol.has(t.symbol)) firstBySymbol.set(t.symbol, t)

export function buildMetadata(p: BuildMetadataParameters): SignedMetadata {
  const chains = [...p.state.chains.values()]
  const involved = new Set([...p.plan.allocations.map((a) => a.chainId), p.destinationChainId])
  const opGasParams = Object.fromEntries(
    chains.flatMap((c) =>
      c.l1FeeParams
        ? [
            [
              String(c.chainId),
              {
                l1BaseFee: c.l1FeeParams.l1BaseFee.toString(),
                l1BlobBaseFee: c.l1FeeParams.blobBaseFee.toString(),
                baseFeeScalar: c.l1FeeParams.baseFeeScalar.toString(),
                blobFeeScalar: c.l1FeeParams.blobBaseFeeScalar.toString(),
              },
            ],
          ]
        : [],
    ),
  )
  const accountCodes = new Map([...involved].map((id) => [id, p.state.chains.get(id)?.accountCode]))
  const recipientCodes = new Map([[p.destinationChainId, p.state.chains.get(p.destinationChainId)?.recipientCode]])
  const account7579 = new Map([...involved].map((id) => [id, p.state.chains.get(id)?.accountErc7579]))
  const recipient7579 = new Map([[p.destinationChainId, p.state.chains.get(p.destinationChainId)?.recipientErc7579]])
  // The protocol fee as it is charged: its part of the fee, in the fee token (nothing when sponsored).
  const protocol = feeBreakdown(p.plan).protocol
  const protocolFees: Record<string, string> =
    protocol > 0n ? { [p.plan.fees.feeToken.address]: protocol.toString() } : {}

  return {
    tokenPrices: Object.fromEntries(
      [...firstBySymbol].map(([symbol, t]) => [symbol, p.state.prices[t.extensions.group].usd]),
    ),
    gasPrices: Object.fromEntries(chains.map((c) => [String(c.chainId), c.gasPrice.toString()])),
    opGasParams: { ...opGasParams, estimatedCalldataSize: p.estimatedCalldataSize },
    account: withContext(p.account, accountCodes, account7579, codeChains(p)),
    recipient: withContext(p.recipient, recipientCodes, recipient7579),
    quotes: quotes(p.plan, p.state),
    fees: {
      sponsorFee: {
        relayer: usdNumber(p.plan.fees.gas.sponsor + p.plan.fees.bridge.sponsor + p.plan.fees.swap.sponsor),
        protocol: usdNumber(p.plan.fees.protocol.sponsor),
      },
      protocolFees,
    },
    executionTokensReceived: [
      ...new Set(p.plan.deliveries.filter((d) => d.target > 0n).map((d) => getAddress(d.token.address))),
    ],
  }
}

/** The chains where the account must run code for the route (as the filler deploys or delegates it:
 * lib/filler/accountSteps.ts intentChains): each chain the plan draws from, and the destination when
 * its calls run there. */
function codeChains(p: BuildMetadataParameters): ReadonlySet<number> {
  const drawn = p.plan.allocations.map((a) => a.chainId)
  return new Set(p.callsOnDestination ? [...drawn, p.destinationChainId] : drawn)
}

function withContext(
  a: AccountInput,
  codes: ReadonlyMap<number, Hex | undefined>,
  erc7579: ReadonlyMap<number, boolean | undefined>,
  runsCodeOn?: ReadonlySet<number>,
): AccountWithContext {
  return {
    address: a.address,
    accountType: a.accountType,
    setupOps: a.setupOps,
    ...(a.emissaryConfig ? { emissaryConfig: a.emissaryConfig } : {}),
    accountContext: Object.fromEntries(
      [...codes].map(([id, code]) => [String(id), accountContext(code, a.accountType, erc7579.get(id))]),
    ),
    requiredDelegations: requiredDelegations(
      a.delegations,
      runsCodeOn ? new Map([...codes].filter(([id]) => runsCodeOn.has(id))) : codes,
    ),
  }
}

/** Per layer, what each allocation sends and what it costs to bridge. */
function quotes(plan: Plan, state: RouteState): Record<string, unknown[]> {
  const result: Record<string, unknown[]> = {}
  plan.allocations.forEach((a, i) => {
    const bridgeFee = plan.fees.bridgeByAllocation[i]
    if (bridgeFee === undefined) throw new Error(`buildMetadata: no bridge fee for allocation ${i}`)
    const quote: Record<string, unknown> = {
      chainId: a.chainId,
      tokenIn: a.token.address,
      amountIn: a.amount.toString(),
      fundingMethod: a.funding,
      bridgeFeeUSD: usdNumber(bridgeFee),
    }
    const oft = a.layer === 'OFT' ? state.chains.get(a.chainId)?.oftQuote : undefined
    if (oft)
      Object.assign(quote, {
        adapter: oft.adapter,
        dstEid: oft.dstEid,
        nativeFee: oft.nativeFee.toString(),
        quotedAmountLD: oft.amountSentLD.toString(),
        quotedReceivedLD: oft.amountReceivedLD.toString(),
      })
    const layerQuotes = result[a.layer] ?? []
    result[a.layer] = layerQuotes
    layerQuotes.push(quote)
  })
  return result
}
