import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import type { AvailableBalance, AvailableChain } from '../portfolio/availableBalance'
import { askRefusal, type SettleableAsk } from './settleableAsk'

const usd = (v: string) => parseUnits(v, 6)

function chain(
  chainId: number,
  chainName: string,
  tokenSymbol: string,
  unlocked: string,
  locked = '0',
): AvailableChain {
  const u = usd(unlocked)
  const l = usd(locked)
  return {
    chainId,
    chainName,
    tokenSymbol,
    native: false,
    amounts: { unlocked: u, locked: l, total: u + l },
    usable: true,
  }
}

function balance(asset: string, chains: AvailableChain[]): AvailableBalance {
  const unlocked = chains.reduce((s, c) => s + c.amounts.unlocked, 0n)
  const locked = chains.reduce((s, c) => s + c.amounts.locked, 0n)
  return {
    asset,
    decimals: 6,
    chains,
    locked,
    unlocked,
    maxBound: unlocked > locked ? unlocked : locked,
    includesNative: false,
  }
}

// The demo wallet's USDT0: 150 on OP Mainnet, 300 on Arbitrum One; none on Ethereum.
const usdt = balance('USDT', [chain(10, 'OP Mainnet', 'USDT0', '150'), chain(42161, 'Arbitrum One', 'USDT0', '300')])
const usdc = balance('USDC', [chain(8453, 'Base', 'USDC', '1000')])

function ask(change: Partial<SettleableAsk> = {}): SettleableAsk {
  return {
    asset: 'USDT',
    symbol: 'USDT',
    destinationChainId: 1,
    destinationChainName: 'Ethereum',
    amount: usd('10'),
    balance: usdt,
    plainWallet: true,
    walletCanDelegate: true,
    calls: 0,
    usdc,
    ...change,
  }
}

describe('askRefusal', () => {
  it('refuses USDT from other chains for a plain wallet, naming what it holds, with USDC as the alternative', () => {
    const refusal = askRefusal(ask())
    expect(refusal?.title).toBe('USDT cannot come from other chains for this wallet')
    expect(refusal?.message).toContain('only as the account')
    expect(refusal?.message).toContain('150 USDT0 on OP Mainnet, 300 USDT0 on Arbitrum One, and none on Ethereum')
    expect(refusal?.alternative).toEqual({ kind: 'token', symbol: 'USDC', label: 'Send USDC instead' })
  })

  it('offers the wallet with an EIP-7702 delegation when its USDC does not cover the ask', () => {
    const poor = balance('USDC', [chain(8453, 'Base', 'USDC', '5')])
    expect(askRefusal(ask({ usdc: poor }))?.alternative).toEqual({
      kind: 'account',
      choice: 'eip7702',
      label: 'Use the wallet with EIP-7702',
    })
    // An account typed by hand cannot be delegated from here: USDC all the same.
    expect(askRefusal(ask({ usdc: poor, walletCanDelegate: false }))?.alternative.kind).toBe('token')
  })

  it('refuses nothing the destination chain covers, nothing the account cannot cover at all, and other assets', () => {
    const onArbitrum = { destinationChainId: 42161, destinationChainName: 'Arbitrum One', symbol: 'USDT0' }
    expect(askRefusal(ask({ ...onArbitrum, amount: usd('300') }))).toBeUndefined()
    expect(askRefusal(ask({ amount: usd('451') }))).toBeUndefined()
    expect(askRefusal(ask({ asset: 'USDC', symbol: 'USDC', balance: usdc }))).toBeUndefined()
    expect(askRefusal(ask({ amount: 0n }))).toBeUndefined()
  })

  it('counts what the destination chain holds toward the ask: only the rest must cross', () => {
    const onOp = { destinationChainId: 10, destinationChainName: 'OP Mainnet', symbol: 'USDT0' }
    const refusal = askRefusal(ask({ ...onOp, amount: usd('200') }))
    expect(refusal?.message).toContain('only 150 on OP Mainnet')
    // Funds the form sets aside are not drawn on, so they neither cover nor cross.
    const setAside = balance('USDT', [
      chain(10, 'OP Mainnet', 'USDT0', '150'),
      { ...chain(42161, 'Arbitrum One', 'USDT0', '300'), usable: false },
    ])
    expect(askRefusal(ask({ ...onOp, amount: usd('200'), balance: setAside }))).toBeUndefined()
  })

  it('lets an account that runs its own ops bring it, but not with calls on arrival', () => {
    expect(askRefusal(ask({ plainWallet: false }))).toBeUndefined()
    expect(askRefusal(ask({ plainWallet: false, calls: 1 }))?.alternative).toEqual({
      kind: 'no-calls',
      label: 'Send it without the calls',
    })
  })
})
