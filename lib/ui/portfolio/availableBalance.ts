// What an account holds of a requested token's asset, per chain, from the portfolio API's answer:
// the numbers beside the route builder's amount field and what MAX can reach. A route moves value
// within one asset (USDC; ETH with WETH; USDT with USDT0) and signs one scheme — funds locked in
// The Compact or unlocked funds, never both — so MAX delivers at most the larger side, less fees.
import type { PortfolioResponse } from '../../api/portfolio'
import type { TokenInfo } from '../../core/tokens/tokens'
import type { RouteForm } from '../route/routeForm'
import { type ChainRow, portfolioRows } from './portfolioRows'

export type AvailableChain = Pick<ChainRow, 'chainId' | 'chainName' | 'tokenSymbol' | 'native' | 'amounts'> & {
  /** False when the form's "Which funds to use" rules leave this chain or token out. */
  usable: boolean
}

export type AvailableBalance = {
  /** The asset as the portfolio names it ("USDC", "ETH", "USDT"). */
  asset: string
  /** Every amount here is in these decimals (the portfolio's, for the whole asset). */
  decimals: number
  /** The chains and tokens holding something of the asset, in the portfolio's order. */
  chains: AvailableChain[]
  /** Sums over the usable rows only. */
  locked: bigint
  unlocked: bigint
  /** The most a MAX route can draw before fees: the larger of the usable locked and unlocked sums. */
  maxBound: bigint
  /** Native ETH is part of the asset: unlocked ETH keeps gas for the account's own transactions. */
  includesNative: boolean
}

export type AvailableBalanceParameters = {
  portfolio: PortfolioResponse
  /** The requested token (on the destination chain). */
  token: TokenInfo
  access: RouteForm['access']
  /** The form's Funds choice: only locked (COMPACT) or only unlocked (PERMIT2) funds count; '' either. */
  funding?: RouteForm['funding']
}

export function availableBalance({
  portfolio,
  token,
  access,
  funding = '',
}: AvailableBalanceParameters): AvailableBalance {
  const asset = token.extensions.group
  const row = portfolioRows(portfolio).find((r) => r.tokenName === asset)
  const chains = (row?.chains ?? [])
    .filter((c) => c.amounts.total > 0n)
    .map(({ chainId, chainName, tokenSymbol, native, amounts }) => ({
      chainId,
      chainName,
      tokenSymbol,
      native,
      amounts,
      usable: allowedBy(access, chainId, tokenSymbol),
    }))
  const usable = chains.filter((c) => c.usable)
  const locked = funding === 'PERMIT2' ? 0n : usable.reduce((sum, c) => sum + c.amounts.locked, 0n)
  const unlocked = funding === 'COMPACT' ? 0n : usable.reduce((sum, c) => sum + c.amounts.unlocked, 0n)
  return {
    asset,
    decimals: row?.decimals ?? token.decimals,
    chains,
    locked,
    unlocked,
    maxBound: locked > unlocked ? locked : unlocked,
    includesNative: funding !== 'COMPACT' && chains.some((c) => c.native && c.usable && c.amounts.unlocked > 0n),
  }
}

/** The access list as the server reads it: every include named matches, and no exclude does. */
function allowedBy(access: RouteForm['access'], chainId: number, symbol: string): boolean {
  const included =
    (access.chainIds.length === 0 || access.chainIds.includes(chainId)) &&
    (access.tokens.length === 0 || access.tokens.includes(symbol))
  return included && !access.excludeChainIds.includes(chainId) && !access.excludeTokens.includes(symbol)
}

/** The hint under the amount field: what MAX asks for, in the reader's words. */
export function maxHint({
  asset,
  locked,
  unlocked,
  includesNative,
}: Pick<AvailableBalance, 'asset' | 'locked' | 'unlocked' | 'includesNative'>): string {
  return [
    `MAX asks for all the ${asset} the route can draw, less the fees; the route then shows exactly what arrives.`,
    locked > 0n && unlocked > 0n
      ? 'A route uses either funds locked in The Compact or unlocked funds, never both, so MAX sends the larger of the two.'
      : '',
    includesNative ? 'Unlocked ETH keeps enough on each chain for your own gas.' : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/**
 * What the one "available" figure means, in the reader's words. Locked funds count, but a route
 * draws either unlocked funds or funds locked in The Compact, never both: what one route can draw
 * (the figure shown, and the server's "available" when a route falls short) is the larger side.
 */
export function availableExplained(
  { asset, locked, unlocked }: Pick<AvailableBalance, 'asset' | 'locked' | 'unlocked'>,
  show: (v: bigint) => string,
): string | undefined {
  if (locked > 0n && unlocked > 0n) {
    const larger = locked > unlocked ? 'locked' : 'unlocked'
    return `What one route can draw: it uses either unlocked funds or funds locked in The Compact, never both, so this is the ${larger} side. You hold ${show(locked + unlocked)} ${asset} in all: ${show(unlocked)} unlocked · ${show(locked)} locked.`
  }
  if (locked > 0n) return 'All of it is locked in The Compact; a route can draw on it.'
  return undefined
}
