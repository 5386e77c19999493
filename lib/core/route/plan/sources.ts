// Where a plan can draw from: every (chain, token) balance the access list allows, per asset group
// and signing scheme, with what each settlement layer could move from there.

import type { TokenGroup } from '../../tokens/tokenList'
import { findTokenBySymbol } from '../../tokens/tokens'
import { crossChainLayers, type FundingMethod, type Layer, layerSupports } from '../settlementLayers'
import type { PlanInput, Source } from './types'

/** Native ETH left for the wrap/approve transactions a Permit2 route asks the user to send. */
const NATIVE_GAS_RESERVE_UNITS = 300_000n

/** Every source per asset group the route involves (requested groups and the fee group). */
export function allSources(input: PlanInput): Map<TokenGroup, Source[]> {
  const groups = groupsOf(input)
  return new Map(groups.map((g) => [g, sourcesOf(g, input)]))
}

/** The sources of one signing scheme (`none`: no source at all, for the empty plan). */
export function schemeSources(
  all: ReadonlyMap<TokenGroup, Source[]>,
  scheme: FundingMethod,
  none = false,
): Map<TokenGroup, Source[]> {
  return new Map([...all].map(([g, s]) => [g, none ? [] : s.filter((x) => x.funding === scheme)]))
}

export function groupsOf(input: PlanInput): TokenGroup[] {
  return [...new Set([...input.requests.map((r) => r.token.extensions.group), input.feeGroup])]
}

/** How much of a group the plan could draw at most (before fees) under the input's layers, any scheme. */
export function drawable(input: PlanInput, group: TokenGroup): bigint {
  return sourcesOf(group, input).reduce((sum, s) => sum + s.available, 0n)
}

/** Every source of a group the access list allows. */
function sourcesOf(group: TokenGroup, input: PlanInput): Source[] {
  if (input.singleChain) return singleChainSources(group, input)
  const destination = input.destinationChainId
  const sources: Source[] = []
  for (const chain of input.state.chains.values()) {
    for (const balance of chain.balances) {
      const token = balance.token
      if (token.extensions.group !== group || !input.access.allows(token)) continue
      const layers: Layer[] =
        chain.chainId === destination
          ? ['SAME_CHAIN']
          : crossChainLayers.filter((l) => input.layers.has(l) && layerSupports(l, group, chain.chainId, destination))
      if (layers.length === 0) continue

      const lockLayers = layers.filter((l) => l !== 'OFT') // OFT sends from the account, not from a lock
      for (const lock of balance.locks) {
        if (lock.amount === 0n || lockLayers.length === 0) continue
        sources.push({
          chainId: chain.chainId,
          token,
          origin: token,
          funding: 'COMPACT',
          layers: lockLayers,
          lockTag: lock.lockTag,
          wrapsNative: false,
          available: lock.amount,
        })
      }

      let unlocked = balance.unlocked
      if (token.extensions.native) {
        // Keep gas for the user's own transactions, and LayerZero's fee if an OFT send may leave this chain.
        const reserve = NATIVE_GAS_RESERVE_UNITS * chain.gasPrice + (chain.oftQuote?.nativeFee ?? 0n)
        unlocked = unlocked > reserve ? unlocked - reserve : 0n
      }
      if (unlocked === 0n) continue
      if (layers.includes('OFT')) {
        // Sent by the account's own ops through its intent executor (LayerZero's fee handed to it
        // by the filler with them, and charged in the route's fee).
        if (!input.opsChains?.has(chain.chainId)) continue
        sources.push({
          chainId: chain.chainId,
          token,
          origin: token,
          funding: 'NO_FUNDING',
          layers: ['OFT'],
          wrapsNative: false,
          available: unlocked,
        })
        continue
      }
      if (lockLayers.length === 0) continue
      if (input.escrowChains?.has(chain.chainId) && input.funding !== 'PERMIT2') {
        // Put into the origin arbiter's escrow by the account's own ops through its intent executor: no
        // Permit2 approval or WETH wrap, which an account that is not deployed yet could not give
        // (native ETH goes in as the escrow call's value).
        sources.push({
          chainId: chain.chainId,
          token,
          origin: token,
          funding: 'ACCOUNT_ESCROW',
          layers: lockLayers,
          wrapsNative: false,
          available: unlocked,
        })
        continue
      }
      // Permit2 cannot pull native ETH: the user wraps it into WETH first (a token requirement).
      const spent = token.extensions.native ? findTokenBySymbol(chain.chainId, 'WETH') : token
      if (!spent) continue
      sources.push({
        chainId: chain.chainId,
        token: spent,
        origin: token,
        funding: 'PERMIT2',
        layers: lockLayers,
        wrapsNative: token.extensions.native === true,
        available: unlocked,
      })
    }
  }
  return sources
}

/** The account's own unlocked balances on the destination, spent by its own single-chain ops (no
 * approval, no wrap, no gas of its own: native ETH is spent as it is). */
function singleChainSources(group: TokenGroup, input: PlanInput): Source[] {
  const chain = input.state.chains.get(input.destinationChainId)
  if (!chain) return []
  return chain.balances
    .filter((b) => b.token.extensions.group === group && b.unlocked > 0n && input.access.allows(b.token))
    .map((b) => ({
      chainId: chain.chainId,
      token: b.token,
      origin: b.token,
      funding: 'NO_FUNDING',
      layers: ['SAME_CHAIN'],
      wrapsNative: false,
      available: b.unlocked,
    }))
}
