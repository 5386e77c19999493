import { describe, expect, it } from 'vitest'
import { NoPathFoundError } from '../core/errors'
import type { IntentCost } from '../core/intentOp/intentOp'
import { InsufficientBalanceError } from '../core/route/insufficientBalanceError'
import { errorEnvelope, statusOfKind } from './errorEnvelope'
import { insufficientBalanceOf, insufficientBalanceSchema } from './insufficientBalance'
import routeExample from './routeExample.json'
import { intentCostSchema } from './routeResponse'

const usdcArb = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const
const shortfall = {
  tokenAddress: usdcArb,
  tokenSymbol: 'USDC',
  tokenDecimals: 6,
  destinationChainId: 42161,
  targetAmount: '100000000000',
  destinationAmount: '100000000000',
  amountSpent: '2050500000',
  fee: '31669509',
  feesByToken: {},
  feeAmount: '31669509',
  availableAmount: '2050500000',
  shortfallAmount: '97981169509',
  shortfallUSD: 97981.169509,
}
const cost: IntentCost = {
  ...intentCostSchema.parse(routeExample.intentCost),
  hasFulfilledAll: false,
  tokenShortfall: [shortfall],
  totalTokenShortfallInUSD: 97981.169509,
}

describe('422 Insufficient balance', () => {
  it('answers the message the client maps, with the shortfall in errors[0].context.intentCost', () => {
    const error = new InsufficientBalanceError(cost)
    expect(statusOfKind[error.kind]).toBe(422)
    const body = errorEnvelope(error, 't-1')
    expect(body).toEqual({
      message: 'Insufficient balance',
      code: 'INSUFFICIENT_BALANCE',
      errors: [{ message: 'Insufficient balance', context: { intentCost: cost } }],
      traceId: 't-1',
    })
    expect(insufficientBalanceSchema.parse(body)).toEqual(body)
    expect(insufficientBalanceOf(JSON.parse(JSON.stringify(body)))).toEqual({ intentCost: cost })
  })

  it('names the source chains that did not answer beside the figures', () => {
    const message = 'Chain 10 is unavailable; it is left out'
    const warnings = [{ code: 'CHAIN_UNAVAILABLE' as const, chainId: 10, message }]
    const body = errorEnvelope(new InsufficientBalanceError(cost, warnings), 't-2')
    expect(insufficientBalanceOf(body)).toEqual({ intentCost: cost, warnings })
  })

  it('reads nothing from any other error', () => {
    const noPath = errorEnvelope(new NoPathFoundError('no layer', { token: usdcArb }), 't')
    expect(insufficientBalanceOf(noPath)).toBeUndefined()
    expect(insufficientBalanceOf({ message: 'Insufficient balance', errors: [], traceId: 't' })).toBeUndefined()
    expect(insufficientBalanceOf(undefined)).toBeUndefined()
  })
})
