// When the account cannot cover a route (the 422 Insufficient balance's intentCost, or a shortfall an
// earlier version stored): per token, what was asked, the fee, what the allowed sources hold and what
// is missing, in token units and USD.
import type { RouteResponse } from '../../api/routeResponse'
import { type TokenAmount, tokenAmount } from '../shared/tokenAmount'

export type ShortfallRow = {
  target: TokenAmount
  fee: TokenAmount
  available: TokenAmount
  missing: TokenAmount
  missingUsd: number
}

export function shortfallRows(cost: RouteResponse['intentCost']): { rows: ShortfallRow[]; totalUsd: number } {
  const rows = (cost.tokenShortfall ?? []).map((s) => {
    // The server names the token's symbol and decimals itself; the registry adds the chain's name.
    const amount = (value: string): TokenAmount => ({
      ...tokenAmount(s.destinationChainId, s.tokenAddress, BigInt(value)),
      symbol: s.tokenSymbol,
      decimals: s.tokenDecimals,
      known: true,
    })
    return {
      target: amount(s.targetAmount),
      fee: amount(s.feeAmount),
      available: amount(s.availableAmount),
      missing: amount(s.shortfallAmount),
      missingUsd: s.shortfallUSD,
    }
  })
  return { rows, totalUsd: cost.totalTokenShortfallInUSD ?? rows.reduce((sum, r) => sum + r.missingUsd, 0) }
}
