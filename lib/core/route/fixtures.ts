// Hand-built route states for the planner's unit tests: what readRouteState would return for an
// account holding given balances, at given gas prices, with fixed USD prices. No chain, no build.
import { zeroAddress } from 'viem'
import { chainIds } from '../chains/chains'
import { defaultLockTag } from '../locks/defaultLockTag'
import { lockId } from '../locks/lockId'
import type { UsdPrices } from '../prices/readUsdPrices'
import type { TokenGroup } from '../tokens/tokenList'
import { findTokenBySymbol, type TokenInfo, tokensOnChain } from '../tokens/tokens'
import { buildElements } from './build/buildElements'
import { defaultFeeModel, type L1FeeParams } from './feeModel'
import { planRoute } from './plan/planRoute'
import type { PlanInput, Sponsorship } from './plan/types'
import { type AccessPolicy, accessPolicy } from './request/accessPolicy'
import type { Execution } from './routeInput'
import { crossChainLayers, type Layer } from './settlementLayers'
import type { ChainState, OftQuote, RouteState } from './state/readRouteState'

export const CHAINS = chainIds
export const GWEI = 10n ** 9n
export const usdc = (whole: number | string) => BigInt(Math.round(Number(whole) * 1e6))
export const eth = (whole: number | string) => BigInt(Math.round(Number(whole) * 1e6)) * 10n ** 12n

const price = (usd: number) => ({ answer: BigInt(Math.round(usd * 1e8)), decimals: 8, updatedAt: 1n, usd })
export const prices: UsdPrices = { ETH: price(3000), USDC: price(1), USDT: price(1) }

export const token = (chainId: number, symbol: string): TokenInfo => {
  const t = findTokenBySymbol(chainId, symbol)
  if (!t) throw new Error(`no ${symbol} on ${chainId}`)
  return t
}

export type Holding = { chainId: number; symbol: string; unlocked?: bigint; locked?: bigint }

export type StateOptions = {
  holdings: readonly Holding[]
  /** Gas price per chain (wei); 1 gwei where not given. */
  gasPrice?: Partial<Record<number, bigint>>
  /** OP-stack L1 fee parameters per chain (none by default). */
  l1?: Partial<Record<number, L1FeeParams>>
  oft?: Partial<Record<number, OftQuote>>
  chains?: readonly number[]
}

export const typicalL1: L1FeeParams = {
  l1BaseFee: 10n * GWEI,
  blobBaseFee: 1n,
  baseFeeScalar: 5227n,
  blobBaseFeeScalar: 1014213n,
}

export function routeState(o: StateOptions): RouteState {
  const chains = new Map<number, ChainState>()
  for (const chainId of o.chains ?? CHAINS) {
    const balances = tokensOnChain(chainId).map((t) => {
      const held = o.holdings.filter((h) => h.chainId === chainId && h.symbol === t.symbol)
      const unlocked = held.reduce((s, h) => s + (h.unlocked ?? 0n), 0n)
      const locked = held.reduce((s, h) => s + (h.locked ?? 0n), 0n)
      return {
        token: t,
        unlocked,
        locked,
        locks: locked > 0n ? [{ lockTag: defaultLockTag, id: lockId(defaultLockTag, t.address), amount: locked }] : [],
      }
    })
    chains.set(chainId, {
      chainId,
      blockNumber: 1n,
      timestamp: 1_700_000_000n,
      balances,
      permit2Allowance: new Map(
        tokensOnChain(chainId)
          .filter((t) => t.address !== zeroAddress)
          .map((t) => [t.address, 0n]),
      ),
      gasPrice: o.gasPrice?.[chainId] ?? GWEI,
      ...(o.l1?.[chainId] ? { l1FeeParams: o.l1[chainId] } : {}),
      ...(o.oft?.[chainId] ? { oftQuote: o.oft[chainId] } : {}),
      accountCode: undefined,
    })
  }
  return { chains, prices, warnings: [] }
}

export type InputOptions = {
  destination: number
  requests: readonly { symbol: string; amount?: bigint }[]
  /** Fee asset group; the first request's by default. */
  feeGroup?: TokenGroup
  access?: AccessPolicy
  layers?: readonly Layer[]
  sponsorship?: Partial<Sponsorship>
  protocolBps?: number
  /** Chains where the account runs its own ops (an OFT send leaves only from these). */
  opsChains?: readonly number[]
}

export function planInput(state: RouteState, o: InputOptions): PlanInput {
  const requests = o.requests.map((r) => ({
    token: token(o.destination, r.symbol),
    ...(r.amount === undefined ? {} : { amount: r.amount }),
  }))
  return {
    destinationChainId: o.destination,
    requests,
    state,
    access: o.access ?? accessPolicy(undefined, [...state.chains.keys()]),
    layers: new Set(o.layers ?? crossChainLayers),
    feeGroup: o.feeGroup ?? requests[0]!.token.extensions.group,
    sponsorship: { gas: false, bridge: false, swap: false, protocol: false, ...o.sponsorship },
    model: defaultFeeModel(o.protocolBps ?? 3),
    executionGas: 0n,
    executionBytes: 0,
    opsChains: new Set(o.opsChains ?? []),
  }
}

/** An ACCOUNT_ESCROW route's plan and elements: an account that runs ops on OP Mainnet holding 500
 * unlocked USDC there asks for 100 USDC on Base (its escrow ops where `escrowChains` allow them). */
export function accountEscrowRoute(
  escrowChains: readonly number[] = [10],
  calls: readonly Execution[] = [],
  asset: { symbol: 'USDC' | 'ETH'; holds: bigint; wants: bigint } = {
    symbol: 'USDC',
    holds: usdc(500),
    wants: usdc(100),
  },
) {
  const account = '0x00000000000000000000000000000000000a11ce' as const
  const filler = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
  const state = routeState({ holdings: [{ chainId: 10, symbol: asset.symbol, unlocked: asset.holds }] })
  const requests = [{ symbol: asset.symbol, amount: asset.wants }]
  const input = {
    ...planInput(state, { destination: 8453, requests, opsChains: [10] }),
    escrowChains: new Set(escrowChains),
  }
  const plan = planRoute(input)
  const elements = buildElements({
    plan,
    state,
    model: defaultFeeModel(3),
    destinationChainId: 8453,
    account,
    recipient: account,
    nonce: 77n,
    fillDeadline: 1_700_000_600n,
    outputLockTag: defaultLockTag,
    using7579: true,
    destinationExecutions: calls,
    preClaimExecutions: {},
    minGas: 123_456n,
    fillerAddress: filler,
  })
  return { account, filler, plan, elements }
}
