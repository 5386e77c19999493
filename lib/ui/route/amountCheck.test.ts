import { describe, expect, it } from 'vitest'
import type { AvailableBalance } from '../portfolio/availableBalance'
import { amountCheck } from './amountCheck'

const usdc = (chainId: number, chainName: string, unlocked: bigint, locked = 0n) => ({
  chainId,
  chainName,
  tokenSymbol: 'USDC',
  native: false,
  amounts: { total: unlocked + locked, unlocked, locked },
  usable: true,
})

const balance: AvailableBalance = {
  asset: 'USDC',
  decimals: 6,
  chains: [
    usdc(10, 'OP Mainnet', 0n, 500_000000n),
    usdc(8453, 'Base', 1_250_500000n),
    usdc(42161, 'Arbitrum One', 800_000000n),
  ],
  locked: 500_000000n,
  unlocked: 2_050_500000n,
  maxBound: 2_050_500000n,
  includesNative: false,
} as AvailableBalance

const ask = (amount: bigint | undefined, destinationChainId = 42161, destinationChainName = 'Arbitrum One') =>
  amountCheck(balance, { amount, destinationChainId, destinationChainName, symbol: 'USDC' })

describe('amountCheck', () => {
  it('says the funds are already there when the destination holds them unlocked', () => {
    expect(ask(25_000000n, 8453, 'Base')).toMatchObject({
      kind: 'already-there',
      message: expect.stringMatching(/holds 1,250\.5 USDC on Base/),
    })
    // Locked funds on the destination are not "there": a route is what unlocks them.
    expect(ask(100_000000n, 10, 'OP Mainnet')).toBeUndefined()
  })

  it('says at once when no route can draw that much', () => {
    expect(ask(3_000_000000n)).toMatchObject({
      kind: 'too-much',
      message: expect.stringMatching(/at most 2,050\.5 USDC/),
    })
    expect(ask(1_000_000000n)).toBeUndefined()
    expect(ask(undefined)).toBeUndefined()
  })
})
