import { describe, expect, it } from 'vitest'
import { tokensOnChain } from '../../core/tokens/tokens'
import {
  accessListSymbols,
  emptyTokenRequest,
  fromHolding,
  holdingFromSearch,
  holdingSearch,
  initialRouteForm,
  withDestination,
} from './routeForm'

const symbolOf = (chainId: number, address: string) => tokensOnChain(chainId).find((t) => t.address === address)?.symbol

describe('routeForm', () => {
  it('starts with USDC on Arbitrum One for the given account, as an EOA', () => {
    const form = initialRouteForm('0xabc')
    expect(form).toMatchObject({ account: '0xabc', accountType: 'EOA', destinationChainId: 42161 })
    expect(form.tokenRequests.map((r) => symbolOf(42161, r.token))).toEqual(['USDC'])
  })

  it('adds a request for a token not requested yet', () => {
    const taken = tokensOnChain(42161)
      .slice(0, 2)
      .map((t) => t.address)
    expect(taken).not.toContain(emptyTokenRequest(42161, taken).token)
  })

  it('keeps each asset on a new destination, or picks another the chain has', () => {
    const form = initialRouteForm()
    const usdt0 = tokensOnChain(42161).find((t) => t.symbol === 'USDT0')!.address
    const both = {
      ...form,
      tokenRequests: [...form.tokenRequests, { key: 'k', token: usdt0, amount: '1', max: false }],
    }
    const onOp = withDestination(both, 10)
    expect(onOp.tokenRequests.map((r) => symbolOf(10, r.token))).toEqual(['USDC', 'USDT0'])
    // Base has no USDT0: that request takes a token Base has and nobody requested.
    const onBase = withDestination(both, 8453)
    const symbols = onBase.tokenRequests.map((r) => symbolOf(8453, r.token))
    expect(symbols[0]).toBe('USDC')
    expect(symbols[1]).toBeDefined()
    expect(symbols[1]).not.toBe('USDC')
    expect(onBase.tokenRequests[1]!.amount).toBe('1')
  })

  it('offers each symbol once for the access list', () => {
    expect([...accessListSymbols].sort()).toEqual(['ETH', 'USDC', 'USDT', 'USDT0', 'WETH'])
  })

  it("reads a portfolio row's holding from the link, and nothing the chain does not hold", () => {
    expect(holdingFromSearch(holdingSearch({ chainId: 8453, symbol: 'USDC' }))).toEqual({
      chainId: 8453,
      symbol: 'USDC',
    })
    expect(holdingFromSearch('?from=8453&token=USDT0')).toBeUndefined()
    expect(holdingFromSearch('?from=x&token=USDC')).toBeUndefined()
    expect(holdingFromSearch('')).toBeUndefined()
  })

  it('sets the form to move a holding: that chain and token only, the same token elsewhere', () => {
    const fromBase = fromHolding(initialRouteForm(), { chainId: 8453, symbol: 'WETH' })
    expect(fromBase.destinationChainId).toBe(42161)
    expect(fromBase.tokenRequests.map((r) => symbolOf(42161, r.token))).toEqual(['WETH'])
    expect(fromBase.access).toEqual({ chainIds: [8453], tokens: ['WETH'], excludeChainIds: [], excludeTokens: [] })
    // Already on the usual destination: the route goes to another chain.
    const fromArbitrum = fromHolding(initialRouteForm(), { chainId: 42161, symbol: 'USDC' })
    expect(fromArbitrum.destinationChainId).not.toBe(42161)
    expect(fromArbitrum.tokenRequests.map((r) => symbolOf(fromArbitrum.destinationChainId, r.token))).toEqual(['USDC'])
  })
})
