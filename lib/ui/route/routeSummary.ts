// The route in plain words, before any detail: what the account pays on which chains, what
// arrives where, what it costs (gas, bridge, protocol) and who pays which part.

import { zeroAddress } from 'viem'
import type { RouteResponse } from '../../api/routeResponse'
import { groupThousands } from '../shared/formatAmount'
import { anyChainToken, chainName, idAmount, sumByToken, type TokenAmount, tokenAmount } from '../shared/tokenAmount'
import { signDeadline } from './signDeadline'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export type GasLine = { chainId: number; chainName: string; usd: number; includesFill: boolean }

export type RouteSummary = {
  /** Summed per chain and token over every element's idsAndAmounts. */
  pay: TokenAmount[]
  /** Summed over every element's tokenOut, on the destination chain. */
  receive: TokenAmount[]
  destination: { chainId: number; chainName: string }
  recipient: string
  recipientIsAccount: boolean
  fees?: { total: number; gas: number; bridge: number; protocol: number }
  gasByChain: GasLine[]
  /** LayerZero's fee on OFT routes: ETH the account sends itself with the bridge call. */
  nativeFees: (TokenAmount & { usd: number })[]
  sponsored: { relayer: number; protocol: number }
  feeToken: { symbol: string; amount: bigint; decimals: number }
  /** intentOp.expires: the fill deadline plus the window the filler has to claim (unix seconds). */
  expires: bigint
  /** The earliest element's fill deadline: delivery must happen by then, so sign and submit before it. */
  fillDeadline: bigint
  /** The reader's one deadline: the fill deadline less the submission margin (signDeadline.ts). */
  signBy: bigint
}

type Element = IntentOp['elements'][number]

/** Where an element's tokens arrive: its mandate's destination chain, except for an OFT send, whose
 * ops run on the source chain (the mandate's) and whose tokens arrive where its bridge fill is. */
export function arrivalChainId(element: Element): number {
  const bridgeFill = element.mandate.qualifier.settlementContext.bridgeFill
  return bridgeFill ? bridgeFill.destinationChainId : Number(element.mandate.destinationChainId)
}

export function routeSummary(route: RouteResponse & { intentOp: IntentOp }): RouteSummary {
  const { intentOp, intentCost } = route
  const last = intentOp.elements.at(-1)
  if (!last) throw new Error(`routeSummary: intentOp ${intentOp.nonce} has no elements`)
  const destinationChainId = arrivalChainId(last)
  const recipient = last.mandate.recipient
  const pay = sumByToken(
    intentOp.elements.flatMap((e) => e.idsAndAmounts.map((pair) => idAmount(Number(e.chainId), pair))),
  )
  const receive = sumByToken(
    intentOp.elements.flatMap((e) => e.mandate.tokenOut.map((pair) => idAmount(destinationChainId, pair))),
  )
  const breakdown = intentCost.feeBreakdownUSD
  const feeToken = anyChainToken(intentCost.feeToken.tokenAddress)
  const fillDeadline = intentOp.elements.map((e) => BigInt(e.mandate.fillDeadline)).reduce((a, b) => (b < a ? b : a))
  return {
    pay: sortByChain(pay),
    receive,
    destination: { chainId: destinationChainId, chainName: chainName(destinationChainId) },
    recipient,
    recipientIsAccount: recipient.toLowerCase() === intentOp.sponsor.toLowerCase(),
    ...(breakdown
      ? {
          fees: {
            total: breakdown.totalFeeUSD,
            gas: breakdown.gasFeeUSD,
            bridge: breakdown.bridgeFeeUSD,
            protocol: breakdown.protocolFeeUSD,
          },
        }
      : {}),
    gasByChain: gasByChain(intentCost.gasCost),
    nativeFees: (intentCost.nativeFees ?? []).map((f) => ({
      ...tokenAmount(f.chainId, zeroAddress, BigInt(f.amount)),
      usd: f.usd,
    })),
    sponsored: intentCost.sponsorFee,
    feeToken: {
      symbol: intentCost.feeToken.tokenSymbol,
      amount: BigInt(intentCost.feeToken.amount),
      decimals: feeToken?.decimals ?? 0,
    },
    expires: BigInt(intentOp.expires),
    fillDeadline,
    signBy: signDeadline(fillDeadline),
  }
}

/** Gas per chain: the service counts claims (originChains) and the fill (destination) apart; a chain
 * that is both a source and the destination shows one line holding both. */
function gasByChain(gas: RouteResponse['intentCost']['gasCost']): GasLine[] {
  if (!gas) return []
  const lines = gas.originChains.map((c) => ({
    chainId: c.chainId,
    chainName: chainName(c.chainId),
    usd: c.gasUSD,
    includesFill: false,
  }))
  const destination = lines.find((l) => l.chainId === gas.destination.chainId)
  if (destination) Object.assign(destination, { usd: destination.usd + gas.destination.gasUSD, includesFill: true })
  else
    lines.push({
      chainId: gas.destination.chainId,
      chainName: chainName(gas.destination.chainId),
      usd: gas.destination.gasUSD,
      includesFill: true,
    })
  return lines
}

function sortByChain(amounts: TokenAmount[]): TokenAmount[] {
  return [...amounts].sort((a, b) => a.chainId - b.chainId)
}

/** USD figures arrive as numbers (display values, not amounts): cents, and "<$0.01" for dust. */
export function formatUsdNumber(usd: number): string {
  if (usd > 0 && usd < 0.005) return '<$0.01'
  const [whole = '0', cents = '00'] = Math.abs(usd).toFixed(2).split('.')
  return `${usd < 0 ? '-' : ''}$${groupThousands(whole)}.${cents}`
}
