import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError, answerSchemas } from '../../api/client/fetchApi'
import { describeRouteError } from './describeRouteError'
import { fixtureInsufficientBalance } from './fixtures/routes'

const http = (status: number, errors: { message: string; context?: Record<string, unknown> }[]) =>
  new ApiError('http', errors.map((e) => e.message).join('; '), {
    status,
    envelope: { message: errors.map((e) => e.message).join('; '), errors, traceId: 'trace-1' },
  })
const usdcArb = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'

// In the page an ApiError comes from fetchApi, which has loaded the answers' schemas by then.
beforeAll(async () => {
  await answerSchemas()
})

describe('describeRouteError', () => {
  it('marks each field a 400 names, without repeating its path', () => {
    const advice = describeRouteError(
      http(400, [
        {
          message: 'tokenRequests.1.tokenAddress: USDC is requested twice; ask for the sum once',
          context: { field: 'tokenRequests.1.tokenAddress' },
        },
        { message: 'Unsupported chain 999', context: { field: 'accountAccessList.chainIds', chainId: 999 } },
      ]),
      'app',
    )
    expect(advice).toMatchObject({ action: 'fix-fields', traceId: 'trace-1' })
    expect(advice.fields).toEqual({
      'tokenRequests.1.tokenAddress': 'USDC is requested twice; ask for the sum once.',
      'accountAccessList.chainIds': 'Unsupported chain 999.',
    })
  })

  it('carries a 422 Insufficient balance’s shortfall to show, and marks no field', () => {
    const error = fixtureInsufficientBalance()
    const advice = describeRouteError(error, 'app', [usdcArb])
    expect(advice).toMatchObject({ title: 'Not enough funds for this route', action: 'show-shortfall', fields: {} })
    expect(advice.traceId).toBe(error.envelope?.traceId)
    expect(advice.shortfall).toEqual(error.envelope?.errors[0]?.context?.intentCost)
    expect(advice.shortfall?.tokenShortfall?.[0]).toMatchObject({ tokenAddress: usdcArb, targetAmount: '100000000000' })
    // Any other 422 is not a shortfall.
    const context = { reason: 'x', token: usdcArb, destinationChainId: 42161 }
    expect(describeRouteError(http(422, [{ message: 'No Path Found', context }]), 'app').shortfall).toBeUndefined()
  })

  it('puts a 422 No Path Found at the token that cannot reach the destination', () => {
    const noPath = http(422, [
      { message: 'No Path Found', context: { reason: 'x', token: usdcArb, destinationChainId: 42161 } },
    ])
    const advice = describeRouteError(noPath, 'app', ['0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', usdcArb])
    expect(advice.title).toBe('No path found')
    expect(advice.detail).toMatch(/^No path brings USDC to Arbitrum One: .*Allow more chains or settlement layers\.$/)
    expect(advice.fields).toEqual({ 'tokenRequests.1.tokenAddress': 'No allowed path brings USDC to Arbitrum One.' })
    expect(Object.keys(describeRouteError(noPath, 'app').fields)).toEqual(['tokenRequests'])
  })

  it('says when only the account’s own OFT send could move the token, which a plain EOA cannot make', () => {
    const usdt0Arb = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
    const reason =
      'USDT0 moves between chains only over LayerZero OFT, sent by the account itself; an EOA without code or an EIP-7702 delegation cannot send it'
    const advice = describeRouteError(
      http(422, [{ message: 'No Path Found', context: { reason, token: usdt0Arb, destinationChainId: 42161 } }]),
      'app',
      [usdt0Arb],
    )
    expect(advice.title).toBe('No path found')
    expect(advice.detail).toBe(
      "USDT0 crosses chains only over LayerZero OFT, and the OFT send is the account's own transaction: a plain account (EOA) with no code cannot make it. Give the account an EIP-7702 delegation on the chain that holds the USDT0, or ask for USDT0 on a chain where the account already holds it.",
    )
    expect(advice.detail).not.toMatch(/Allow more chains or settlement layers/)
    expect(advice.fields).toEqual({
      'tokenRequests.0.tokenAddress':
        "USDT0 reaches Arbitrum One only as the account's own OFT send, which a plain EOA cannot make.",
    })
  })

  it('falls back to the dashboard’s advice, worded for routes', () => {
    expect(describeRouteError(http(403, [{ message: 'Insufficient permissions' }]), 'user')).toMatchObject({
      title: 'This API key may not build routes here',
      action: 'paste-key',
      fields: {},
    })
    const unavailable = describeRouteError(
      http(503, [{ message: 'Chain 10 is unavailable', context: { chainId: 10 } }]),
      'app',
    )
    expect(unavailable).toMatchObject({ title: 'OP Mainnet (chain 10) is unavailable', action: 'retry' })
    expect(unavailable.detail).toMatch(/exclude the chain in the access list/)
    expect(describeRouteError(new ApiError('network', 'x'), 'app').title).toBe('The service could not be reached')
  })
})
