import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../shared/tokenAmount'
import { elementDetails, resetPeriods } from './elementDetails'
import { fixtureIntentOp } from './fixtures/routes'

const details = (name: 'compact' | 'oft' | 'eco' | 'executions', index: number) =>
  elementDetails(fixtureIntentOp(name).elements[index]!, index)

describe('elementDetails', () => {
  it('decodes lock ids: the SDK’s default tag (multichain, 7 days 1 hour, allocator), and the token', () => {
    const d = details('compact', 0)
    expect(d).toMatchObject({
      chainName: 'OP Mainnet',
      settlementLayer: 'SAME_CHAIN',
      fundingMethod: 'COMPACT',
      destination: 'OP Mainnet',
    })
    expect(d.locks).toHaveLength(1)
    expect(d.locks[0]).toMatchObject({
      symbol: 'USDC',
      lockTag: '0x60e6d13bb05699a31a457679',
      scope: 'multichain',
      resetPeriod: resetPeriods[6],
    })
    expect(d.locks[0]!.allocatorId).toBe(0x0e6d13bb05699a31a457679n)
    expect(d.locks[0]).toMatchObject({ chainName: 'OP Mainnet', token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' })
    expect(formatTokenAmount(d.locks[0]!)).toBe('400.876693 USDC')
    expect(d.tokensOut.map((t) => `${formatTokenAmount(t)} on ${t.chainName}`)).toEqual(['400 USDC on OP Mainnet'])
    expect(d.fillDeadline).toBe(BigInt(fixtureIntentOp('compact').elements[0]!.mandate.fillDeadline))
    expect(d.bridge).toBeUndefined()
  })

  it('shows the OFT bridge and the decoded send of an intent-executor element', () => {
    const d = details('oft', 0)
    expect(d).toMatchObject({
      settlementLayer: 'INTENT_EXECUTOR',
      fundingMethod: 'NO_FUNDING',
      arbiter: '0x00000000005aD9ce1f5035FD62CA96CEf16AdAAF',
    })
    expect(d.bridge).toMatchObject({ kind: 'OFT', token: 'USDT0', dstChain: 'Arbitrum One', dstEid: 30110 })
    expect(d.bridge?.kind === 'OFT' && formatTokenAmount(d.bridge.minAmount)).toBe('100 USDT0')
    expect(d.preClaimOps.map((c) => c.kind)).toEqual(['oftSend'])
    expect(d.gasRefund && formatTokenAmount({ ...d.gasRefund.token, amount: 1n })).toMatch(/USDT0/)
    expect(d.gasRefund?.overhead).toBe(50000n)
  })

  it('shows ECO’s proving fee in the element’s token and RELAY’s request and order ids', () => {
    const eco = details('eco', 0)
    expect(eco.bridge?.kind === 'ECO' && formatTokenAmount(eco.bridge.provingFee)).toBe('0.03 USDC')
    const relay = details('executions', 0)
    expect(relay.bridge).toMatchObject({
      kind: 'RELAY',
      requestId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      orderId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
  })

  it('decodes the destination executions on the last element', () => {
    const d = details('executions', 1)
    expect(d.destinationOps.map((c) => c.kind)).toEqual(['transfer', 'raw'])
    expect(d.minGas).toBeGreaterThan(0n)
    expect(d.recipient).toBe('0x000000000000000000000000000000000000dEaD')
  })
})
