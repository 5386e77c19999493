// Empty include-lists (how the interface's own tables fill a request in) mean "no restriction".
import { describe, expect, it } from 'vitest'
import { tokens } from '../../tokens/tokens'
import { allowedLayers, crossChainLayers } from '../settlementLayers'
import { accessPolicy } from './accessPolicy'

const served = [1, 10, 8453, 42161]
const usdcOn = (chainId: number) => tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')!

describe('empty include-lists', () => {
  it('tokens: [] beside chainIds restricts by chain only', () => {
    const policy = accessPolicy(
      { chainIds: [10, 42161], tokens: [], chainTokens: {}, exclude: { chainIds: [], tokens: [], chainTokens: {} } },
      served,
    )
    expect(policy.allows(usdcOn(10))).toBe(true)
    expect(policy.allows(usdcOn(42161))).toBe(true)
    expect(policy.allows(usdcOn(8453))).toBe(false)
  })

  it('chainIds: [] beside tokens restricts by token only', () => {
    const policy = accessPolicy({ chainIds: [], tokens: ['USDC'] }, served)
    expect(policy.allows(usdcOn(8453))).toBe(true)
    expect(policy.allows(tokens.find((t) => t.chainId === 8453 && t.symbol === 'ETH')!)).toBe(false)
  })

  it('every include-list empty allows every token, and so does the empty legacy list', () => {
    for (const list of [{ chainIds: [], tokens: [], chainTokens: {} }, { exclude: { chainIds: [], tokens: [] } }, []]) {
      const policy = accessPolicy(list, served)
      for (const t of tokens.filter((t) => served.includes(t.chainId))) expect(policy.allows(t)).toBe(true)
    }
  })

  it('an empty chainIds beside chainTokens keeps only those pairs', () => {
    const policy = accessPolicy({ chainIds: [], chainTokens: { '10': ['USDC'] } }, served)
    expect(policy.allows(usdcOn(10))).toBe(true)
    expect(policy.allows(usdcOn(8453))).toBe(false)
  })

  it('settlementLayers: [] allows every layer; a named list only those', () => {
    expect([...allowedLayers([])].sort()).toEqual([...crossChainLayers].sort())
    expect([...allowedLayers(undefined)].sort()).toEqual([...crossChainLayers].sort())
    expect([...allowedLayers(['INTENT_EXECUTOR'])]).toEqual(['OFT'])
    expect([...allowedLayers(['SAME_CHAIN'])]).toEqual([])
  })
})
