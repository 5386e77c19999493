import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import * as requestCheck from '../../api/routeRequest'
import type { RouteAlternative } from '../../core/intentOp/intentOp'
import { alternativeViews, describeAlternative, withAlternative, withoutSourceChoice } from './routeAlternatives'
import { initialRouteForm } from './routeForm'
import { routeRequestBody } from './routeRequestBody'
import { etaSeconds } from './settlementEta'

const usdc: Record<number, Address> = {
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
}

/** An alternative that draws `amount` USDC on one chain over one layer; its request asks for just that. */
function usdcAlternative(
  chosen: boolean,
  fundingMethod: RouteAlternative['fundingMethod'],
  chainId: number,
  settlementLayer: RouteAlternative['request']['options']['settlementLayers'][number],
  amount: string,
  feeUSD: number,
): RouteAlternative {
  return {
    chosen,
    fundingMethod,
    sources: [{ chainId, tokenAddress: usdc[chainId]!, tokenSymbol: 'USDC', amount, settlementLayer }],
    feeUSD,
    feeAmount: String(feeUSD * 1_000_000), // USDC's 6 decimals
    request: {
      accountAccessList: { chainTokens: { [chainId]: ['USDC'] } },
      options: { fundingMethod, settlementLayers: [settlementLayer] },
    },
  }
}
const unlockedBase = usdcAlternative(true, 'PERMIT2', 8453, 'ACROSS', '1001000000', 1.25)
const lockedOp = usdcAlternative(false, 'COMPACT', 10, 'RELAY', '1002000000', 2.5)

describe('alternativeViews', () => {
  it('names each alternative: locked or unlocked, what it draws where and over which layer, its fee and ETA', () => {
    const [first, second] = alternativeViews([unlockedBase, lockedOp], (ids) => etaSeconds(ids, 42161))
    expect(first).toMatchObject({
      chosen: true,
      funding: 'unlocked',
      layers: ['Across'],
      feeUsd: 1.25,
      etaSeconds: etaSeconds([8453], 42161),
    })
    expect(first!.sources[0]).toMatchObject({ chainName: 'Base', symbol: 'USDC', amount: 1_001_000_000n, decimals: 6 })
    expect(describeAlternative(first!)).toBe('Unlocked USDC on Base via Across')
    expect(describeAlternative(second!)).toBe('Locked USDC on OP Mainnet via Relay')
    expect(first!.key).not.toBe(second!.key)
  })

  it('no alternatives in the answer: none listed', () => {
    expect(alternativeViews(undefined, (ids) => etaSeconds(ids, 42161))).toEqual([])
  })
})

describe('withAlternative', () => {
  it('sets the form to the alternative’s sources, layers and funding, and the request says so', () => {
    const form = {
      ...initialRouteForm('0x00000000000000000000000000000000000bEEf1'),
      access: { chainIds: [], tokens: [], excludeChainIds: [1], excludeTokens: [] },
    }
    const chosen = withAlternative(form, lockedOp)
    expect(chosen).toMatchObject({
      access: { chainIds: [10], tokens: ['USDC'], excludeChainIds: [1] },
      settlementLayers: ['RELAY'],
      funding: 'COMPACT',
    })
    const { body } = routeRequestBody(
      { ...chosen, tokenRequests: [{ ...chosen.tokenRequests[0]!, amount: '1' }] },
      requestCheck,
    )
    expect(body.accountAccessList).toEqual({ chainIds: [10], tokens: ['USDC'], exclude: { chainIds: [1] } })
    expect(body.options).toMatchObject({ alternatives: true, fundingMethod: 'COMPACT', settlementLayers: ['RELAY'] })
  })

  it('without a source choice the form asks for the cheapest route again', () => {
    const back = withoutSourceChoice(withAlternative(initialRouteForm(), lockedOp))
    expect(back).toMatchObject({ access: { chainIds: [], tokens: [] }, settlementLayers: [], funding: '' })
  })
})
