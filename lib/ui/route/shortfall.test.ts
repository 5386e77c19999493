import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../shared/tokenAmount'
import { describeRouteError } from './describeRouteError'
import { fixtureInsufficientBalance, fixtureRoute } from './fixtures/routes'
import { shortfallRows } from './shortfall'

describe('shortfallRows', () => {
  it('says what is missing per token, in token units and USD, from the 422 Insufficient balance', () => {
    const cost = describeRouteError(fixtureInsufficientBalance(), 'app').shortfall
    if (!cost) throw new Error('the 422 carries no shortfall')
    const { rows, totalUsd } = shortfallRows(cost)
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(formatTokenAmount(row!.target)).toBe('100,000 USDC')
    expect(formatTokenAmount(row!.available)).toBe('2,050.5 USDC')
    expect(row!.missing.chainName).toBe('Arbitrum One')
    // What is missing is the target plus the fee, less what the allowed sources hold.
    expect(row!.missing.amount).toBe(row!.target.amount + row!.fee.amount - row!.available.amount)
    expect(row!.missingUsd).toBe(cost.tokenShortfall![0]!.shortfallUSD)
    expect(totalUsd).toBe(cost.totalTokenShortfallInUSD)
  })

  it('reads a shortfall route an earlier version stored (intentOp: null) the same way', () => {
    const { route } = fixtureRoute('shortfall')
    expect(route.intentOp).toBeNull()
    const cost = describeRouteError(fixtureInsufficientBalance(), 'app').shortfall
    expect(cost).toBeDefined()
    expect(shortfallRows(route.intentCost)).toEqual(cost && shortfallRows(cost))
  })

  it('is empty for a route that is covered', () => {
    expect(shortfallRows(fixtureRoute('crossChain').route.intentCost)).toEqual({ rows: [], totalUsd: 0 })
  })
})
