// intentCost: what the route spends per chain, what arrives, what it costs and who pays it.
// Token amounts are decimal strings in base units (exact); USD figures are numbers, for display.
import { type Address, isAddressEqual, zeroAddress } from 'viem'
import type { FeeBreakdown, IntentCost } from '../../intentOp/intentOp'
import { toUsd8, usdNumber } from '../feeModel'
import type { Plan } from '../plan/types'
import type { RouteState } from '../state/readRouteState'

/** What the user pays, in the fee token's units, split by kind: each part is its USD share of the
 * charge rounded down, and the protocol part takes the rounding, so the parts add up to the charge. */
export function feeBreakdown(plan: Plan): { gas: bigint; bridge: bigint; protocol: bigint; swap: bigint } {
  const f = plan.fees
  const userUsd8 = f.gas.user + f.bridge.user + f.protocol.user + f.swap.user
  if (userUsd8 === 0n || f.charge === 0n) return { gas: 0n, bridge: 0n, protocol: 0n, swap: 0n }
  const share = (usd8: bigint) => (f.charge * usd8) / userUsd8
  const gas = share(f.gas.user)
  const bridge = share(f.bridge.user)
  const swap = share(f.swap.user)
  return { gas, bridge, swap, protocol: f.charge - gas - bridge - swap }
}

const wireBreakdown = (b: ReturnType<typeof feeBreakdown>): FeeBreakdown => ({
  gasFee: b.gas.toString(),
  bridgeFee: b.bridge.toString(),
  protocolFee: b.protocol.toString(),
  swapFee: b.swap.toString(),
  settlementFee: '0',
})
const zeroBreakdown = wireBreakdown({ gas: 0n, bridge: 0n, protocol: 0n, swap: 0n })

export function buildCost(plan: Plan, state: RouteState, destinationChainId: number): IntentCost {
  const f = plan.fees
  const sponsorFee = {
    relayer: usdNumber(f.gas.sponsor + f.bridge.sponsor + f.swap.sponsor),
    protocol: usdNumber(f.protocol.sponsor),
  }
  // The whole fee is charged once, in the fee token: it shows on the request of that token (or, when
  // the fee token is not requested, on the first request), by the token it is paid in.
  const breakdown = wireBreakdown(feeBreakdown(plan))
  const feeRequest = Math.max(
    0,
    plan.deliveries.findIndex((d) => d.token.extensions.group === f.feeToken.extensions.group),
  )
  const feesOf = (request: number) =>
    request === feeRequest && f.charge > 0n ? { [f.feeToken.address]: { amount: f.charge.toString(), breakdown } } : {}
  const tokensReceived = plan.deliveries.map((d) => {
    const spent = plan.allocations.filter((a) => a.request === d.request).reduce((s, a) => s + a.amount, 0n)
    const fee = spent > d.target ? spent - d.target : 0n
    return {
      tokenAddress: d.token.address,
      tokenSymbol: d.token.symbol,
      tokenDecimals: d.token.decimals,
      amountSpent: spent.toString(),
      targetAmount: d.target.toString(),
      destinationAmount: d.target.toString(),
      fee: fee.toString(),
      feeBreakdown: d.request === feeRequest ? breakdown : zeroBreakdown,
      feesByToken: feesOf(d.request),
      hasFulfilled: d.fulfilled,
    }
  })
  const common = {
    hasFulfilledAll: plan.fulfilled,
    tokensReceived,
    sponsorFee,
    feeToken: { tokenAddress: f.feeToken.address, tokenSymbol: f.feeToken.symbol, amount: f.charge.toString() },
  }
  if (!plan.fulfilled) {
    const tokenShortfall = plan.deliveries
      .filter((d) => !d.fulfilled)
      .map((d) => {
        const feeShare = isAddressEqual(d.token.address, f.feeToken.address) ? f.charge : 0n
        const needed = d.target + feeShare
        const shortfall = needed > d.allocated ? needed - d.allocated : needed === 0n ? 1n : 0n
        return {
          tokenAddress: d.token.address,
          tokenSymbol: d.token.symbol,
          tokenDecimals: d.token.decimals,
          destinationChainId,
          targetAmount: d.target.toString(),
          destinationAmount: d.target.toString(),
          amountSpent: d.allocated.toString(),
          fee: feeShare.toString(),
          feesByToken: feeShare > 0n ? { [f.feeToken.address]: { amount: feeShare.toString(), breakdown } } : {},
          feeAmount: feeShare.toString(),
          availableAmount: d.allocated.toString(),
          shortfallAmount: shortfall.toString(),
          shortfallUSD: usdNumber(toUsd8(shortfall, d.token.decimals, state.prices[d.token.extensions.group])),
        }
      })
    const short = plan.feeShortfall
    if (short) {
      const missing = short.needed - short.allocated
      tokenShortfall.push({
        tokenAddress: short.token.address,
        tokenSymbol: short.token.symbol,
        tokenDecimals: short.token.decimals,
        destinationChainId,
        targetAmount: '0',
        destinationAmount: '0',
        amountSpent: short.allocated.toString(),
        fee: short.needed.toString(),
        feesByToken: { [short.token.address]: { amount: short.needed.toString(), breakdown } },
        feeAmount: short.needed.toString(),
        availableAmount: short.allocated.toString(),
        shortfallAmount: missing.toString(),
        shortfallUSD: usdNumber(toUsd8(missing, short.token.decimals, state.prices[short.token.extensions.group])),
      })
    }
    return {
      ...common,
      tokenShortfall,
      totalTokenShortfallInUSD: tokenShortfall.reduce((s, t) => s + t.shortfallUSD, 0),
    }
  }

  const tokensSpent: Record<string, Record<Address, { locked: string; unlocked: string; version: number }>> = {}
  for (const a of plan.allocations) {
    const token = a.wrapsNative ? zeroAddress : a.token.address
    const chain = String(a.chainId)
    tokensSpent[chain] ??= {}
    tokensSpent[chain][token] ??= { locked: '0', unlocked: '0', version: 1 }
    const entry = tokensSpent[chain][token]
    const side = a.funding === 'COMPACT' ? 'locked' : 'unlocked'
    entry[side] = (BigInt(entry[side]) + a.amount).toString()
  }
  // Claims on every source chain (the destination's own claim included), and the fill apart: the parts add up to the
  // total.
  const origin = [...f.gasByChain]
    .map(([id, usd8]) => [id, id === destinationChainId ? usd8 - f.fillGasUsd8 : usd8] as const)
    .filter(([id]) => id !== destinationChainId || plan.allocations.some((a) => a.chainId === id))
  const destinationGas = f.fillGasUsd8
  const gasUSD = f.gas.user + f.gas.sponsor
  const bridgeUSD = f.bridge.user + f.bridge.sponsor
  const protocolUSD = f.protocol.user + f.protocol.sponsor
  return {
    ...common,
    tokensSpent,
    /** LayerZero's fees, per source chain: handed to the account with its OFT send by the filler, and
     * part of the bridge fee the route charges. */
    nativeFees: [...f.nativeByChain].map(([chainId, wei]) => ({
      chainId,
      amount: wei.toString(),
      usd: usdNumber(toUsd8(wei, 18, state.prices.ETH)),
    })),
    gasCost: {
      originChains: origin.map(([chainId, usd8]) => ({ chainId, gasUSD: usdNumber(usd8) })),
      destination: { chainId: destinationChainId, gasUSD: usdNumber(destinationGas) },
      totalUSD: usdNumber(gasUSD),
    },
    feeBreakdownUSD: {
      gasFeeUSD: usdNumber(gasUSD),
      bridgeFeeUSD: usdNumber(bridgeUSD),
      protocolFeeUSD: usdNumber(protocolUSD),
      swapFeeUSD: 0,
      settlementFeeUSD: 0,
      totalFeeUSD: usdNumber(gasUSD + bridgeUSD + protocolUSD),
    },
  }
}
