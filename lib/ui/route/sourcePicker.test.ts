import { describe, expect, it } from 'vitest'
import { initialRouteForm } from './routeForm'
import { anySource, isPicked, toggleSource } from './sourcePicker'

const none = initialRouteForm().access
const baseUsdc = { chainId: 8453, tokenSymbol: 'USDC' }
const opUsdc = { chainId: 10, tokenSymbol: 'USDC' }
const baseEth = { chainId: 8453, tokenSymbol: 'ETH' }
const opWeth = { chainId: 10, tokenSymbol: 'WETH' }

describe('the From picker', () => {
  it('nothing picked: no holding is marked and the access list stays empty', () => {
    expect(isPicked(none, baseUsdc)).toBe(false)
    expect(none.chainIds).toEqual([])
  })

  it('a first pick names its chain and token; a second adds its chain', () => {
    const one = toggleSource(none, baseUsdc, [baseUsdc, opUsdc])
    expect(one).toMatchObject({ chainIds: [8453], tokens: ['USDC'] })
    expect(isPicked(one, baseUsdc)).toBe(true)
    expect(isPicked(one, opUsdc)).toBe(false)
    const two = toggleSource(one, opUsdc, [baseUsdc, opUsdc])
    expect(two).toMatchObject({ chainIds: [10, 8453], tokens: ['USDC'] })
  })

  it('unpicking the last holding restores any source', () => {
    const one = toggleSource(none, baseUsdc, [baseUsdc])
    expect(toggleSource(one, baseUsdc, [baseUsdc])).toMatchObject({ chainIds: [], tokens: [] })
  })

  it('unpicking a chain drops tokens no picked chain holds any more', () => {
    const held = [baseEth, opWeth]
    const both = toggleSource(toggleSource(none, baseEth, held), opWeth, held)
    expect(both).toMatchObject({ chainIds: [10, 8453], tokens: ['ETH', 'WETH'] })
    expect(toggleSource(both, opWeth, held)).toMatchObject({ chainIds: [8453], tokens: ['ETH'] })
  })

  it('a chain picked in "Which funds to use" without tokens marks every holding there', () => {
    const chainOnly = { ...none, chainIds: [8453] }
    expect(isPicked(chainOnly, baseUsdc)).toBe(true)
    expect(toggleSource(chainOnly, opUsdc, [baseUsdc, opUsdc])).toMatchObject({ chainIds: [10, 8453], tokens: [] })
  })

  it('any source keeps what must never be touched', () => {
    const access = { chainIds: [8453], tokens: ['USDC'], excludeChainIds: [1], excludeTokens: ['USDT0'] }
    expect(anySource(access)).toEqual({ chainIds: [], tokens: [], excludeChainIds: [1], excludeTokens: ['USDT0'] })
  })
})
