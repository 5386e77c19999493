import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../shared/tokenAmount'
import { fixtureRoute } from './fixtures/routes'
import { formatUsdNumber, routeSummary } from './routeSummary'

const summary = (name: 'crossChain' | 'eco' | 'oft' | 'executions') => {
  const { route } = fixtureRoute(name)
  return routeSummary({ ...route, intentOp: route.intentOp! })
}
const words = (amounts: { chainName: string; amount: bigint; decimals: number; symbol: string; known: boolean }[]) =>
  amounts.map((a) => `${formatTokenAmount(a)} on ${a.chainName}`)

describe('routeSummary', () => {
  it('adds up what the account pays per chain and token, and what arrives', () => {
    const s = summary('eco')
    expect(words(s.pay)).toEqual(['201.550085 USDC on Base', '800 USDC on Arbitrum One'])
    expect(words(s.receive)).toEqual(['1,000 USDC on Arbitrum One'])
    expect(words(summary('crossChain').pay)).toEqual(['1,001.489486 USDC on Base'])
    expect(s.destination).toEqual({ chainId: 42161, chainName: 'Arbitrum One' })
    expect(s.recipientIsAccount).toBe(true)
  })

  it('splits fees into gas, bridge and protocol, and lists gas per chain once', () => {
    const s = summary('eco')
    expect(s.fees).toEqual({ total: 1.55008403, gas: 1.11930803, bridge: 0.130776, protocol: 0.3 })
    // Arbitrum One is a source and the destination: its claim and the fill on one line.
    expect(s.gasByChain.map((g) => [g.chainName, g.usd, g.includesFill])).toEqual([
      ['Arbitrum One', 0.38041854 + 0.34998505, true],
      ['Base', 0.38890444, false],
    ])
    expect(s.gasByChain.reduce((sum, g) => sum + g.usd, 0)).toBeCloseTo(s.fees!.gas, 8)
    expect(s.feeToken).toEqual({ symbol: 'USDC', amount: 1550085n, decimals: 6 })
    expect(s.sponsored).toEqual({ relayer: 0, protocol: 0 })
  })

  it('shows the ETH the account pays LayerZero itself on an OFT route', () => {
    const s = summary('oft')
    expect(s.nativeFees.map((f) => [formatTokenAmount(f), f.chainName, f.usd])).toEqual([
      ['0.00005 ETH', 'OP Mainnet', 0.15],
    ])
    expect(words(s.pay)).toEqual(['100.924733 USDT0 on OP Mainnet'])
    expect(words(s.receive)).toEqual(['100 USDT0 on Arbitrum One'])
  })

  it('names where an OFT send arrives, not the source chain its mandate names (where its ops run)', () => {
    const { route } = fixtureRoute('oft')
    const intentOp = route.intentOp!
    const sent = intentOp.elements.map((e) => ({ ...e, mandate: { ...e.mandate, destinationChainId: e.chainId } }))
    expect(sent.map((e) => e.mandate.destinationChainId)).toEqual(['10'])
    const s = routeSummary({ ...route, intentOp: { ...intentOp, elements: sent } })
    expect(s.destination).toEqual({ chainId: 42161, chainName: 'Arbitrum One' })
    expect(words(s.receive)).toEqual(['100 USDT0 on Arbitrum One'])
  })

  it('names the sponsor’s share and another recipient', () => {
    const s = summary('executions')
    expect(s.sponsored).toEqual({ relayer: expect.any(Number), protocol: expect.any(Number) })
    expect(s.sponsored.relayer).toBeGreaterThan(0)
    expect(s.recipient).toBe('0x000000000000000000000000000000000000dEaD')
    expect(s.recipientIsAccount).toBe(false)
  })
})

describe('formatUsdNumber', () => {
  it('writes cents, groups thousands and never shows dust as $0.00', () => {
    expect(formatUsdNumber(97482.425933)).toBe('$97,482.43')
    expect(formatUsdNumber(0.130796)).toBe('$0.13')
    expect(formatUsdNumber(0.001)).toBe('<$0.01')
    expect(formatUsdNumber(0)).toBe('$0.00')
  })
})
