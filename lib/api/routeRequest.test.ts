import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { addresses } from '../core/addresses'
import { arbiterAddresses } from '../core/route/settlementLayers'
import { findTokenBySymbol } from '../core/tokens/tokens'
import { routeLimits, routeRequestSchema } from './routeRequest'

const base = {
  destinationChainId: 8453,
  tokenRequests: [{ tokenAddress: 'USDC', amount: '1' }],
  account: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
}
const problems = (extra: Record<string, unknown>) => {
  const r = routeRequestSchema.safeParse({ ...base, ...extra })
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('routeRequestSchema bounds', () => {
  it('refuses chain-id keys with leading zeros, so "010" cannot stand beside "10"', () => {
    expect(problems({ preClaimExecutions: { '010': [] } })).toEqual([
      expect.stringMatching(/^preClaimExecutions\.010: must be an object keyed by chain ids/),
    ])
    expect(problems({ preClaimExecutions: { '10': [] } })).toEqual([])
  })

  it('caps destinationGasUnits at a block’s gas', () => {
    expect(problems({ destinationGasUnits: '30000000' })).toEqual([])
    expect(problems({ destinationGasUnits: '30000001' })).toEqual([
      expect.stringMatching(/^destinationGasUnits: at most 30000000/),
    ])
  })

  it('keeps free-form emissaryConfig small, plain and free of NUL', () => {
    const account = (emissaryConfig: unknown) => ({ account: { ...base.account, emissaryConfig } })
    expect(problems(account({ configId: 1 }))).toEqual([])
    expect(problems(account({ blob: 'x'.repeat(5_000) }))).toEqual([expect.stringMatching(/at most 4096 bytes/)])
    expect(problems(account({ text: 'a\u0000b' }))).toEqual([expect.stringMatching(/NUL/)])
  })

  it('accepts only address or symbol characters as token references', () => {
    expect(problems({ tokenRequests: [{ tokenAddress: 'USDC\u0000', amount: '1' }] })).toEqual([
      expect.stringMatching(/must be a token address or symbol/),
    ])
    expect(
      problems({ tokenRequests: [{ tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: '1' }] }),
    ).toEqual([])
  })

  it('counts lists and chain-keyed records before their entries: one problem for 100,000 of them', () => {
    const many = Array.from({ length: 100_000 }, () => ({ tokenAddress: 1 }))
    expect(problems({ tokenRequests: many })).toEqual([`tokenRequests: at most ${routeLimits.tokenRequests} entries`])
    const chains = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`0${i}`, 'x']))
    const preClaimChains = `preClaimExecutions: at most ${routeLimits.preClaimChains} chains`
    expect(problems({ preClaimExecutions: chains })).toEqual([preClaimChains])
    const chainIds = Array.from({ length: routeLimits.chains + 1 }, (_, i) => String(i + 1))
    const delegations = Object.fromEntries(chainIds.map((id) => [id, { contract: zeroAddress }]))
    const account = { ...base.account, delegations }
    expect(problems({ account })).toEqual([`account.delegations: at most ${routeLimits.chains} chains`])
  })

  it('refuses the recipients the dashboard refuses, naming recipient.address', () => {
    const usdc = findTokenBySymbol(8453, 'USDC')?.address ?? ''
    const refused: [string, RegExp][] = [
      [usdc.toLowerCase(), /must not be the USDC token contract/],
      [zeroAddress, /must not be the zero address/],
      [addresses.permit2, /must not be the Permit2 contract/],
      [addresses.theCompact, /must not be The Compact/],
      [arbiterAddresses[0] ?? '', /must not be a settlement arbiter contract/],
    ]
    for (const [address, message] of refused) {
      const named = new RegExp(`^recipient\\.address: ${message.source}`)
      expect(problems({ recipient: { address } }), address).toEqual([expect.stringMatching(named)])
    }
    expect(problems({ recipient: { address: '0x00000000000000000000000000000000000bEEf1' } })).toEqual([])
  })
})
