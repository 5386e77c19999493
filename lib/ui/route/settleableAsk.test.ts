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

  it('asks a wallet already delegated somewhere to be picked as an EOA with 7702, not told it cannot', () => {
    const refusal = askRefusal(ask({ delegatedChains: [10] }))
    expect(refusal?.title).toBe('USDT from other chains needs the wallet as an EOA with 7702')
    expect(refusal?.message).toContain('already delegated (EIP-7702) on OP Mainnet')
    expect(refusal?.message).not.toContain('cannot make')
    expect(refusal?.alternative).toEqual({
      kind: 'account',
      choice: 'eip7702',
      label: 'Use the wallet as an EOA with 7702',
    })
    // A delegation only where it holds none of it changes nothing; nor one on the destination itself.
    expect(askRefusal(ask({ delegatedChains: [8453] }))?.alternative.kind).toBe('token')
    expect(askRefusal(ask({ delegatedChains: [1] }))?.alternative.kind).toBe('token')
    // Picked as an EOA with 7702 it is not a plain wallet: nothing refused.
    expect(askRefusal(ask({ plainWallet: false, delegatedChains: [10] }))).toBeUndefined()
  })
})

describe('askRefusal: "Unlocked funds" of an account the route deploys', () => {
  const usdcAsk = (change: Partial<SettleableAsk> = {}) =>
    ask({
      asset: 'USDC',
      symbol: 'USDC',
      plainWallet: false,
      balance: balance('USDC', [chain(8453, 'Base', 'USDC', '30'), chain(42161, 'Arbitrum One', 'USDC', '5')]),
      funding: 'PERMIT2',
      undeployedChains: [1, 10, 8453, 42161],
      ...change,
    })

  it('is refused where only chains it has no code on hold enough, with any funds as the alternative', () => {
    const refusal = askRefusal(usdcAsk())
    expect(refusal?.title).toBe('The account cannot approve its funds on Base and Arbitrum One yet')
    expect(refusal?.message).toContain('cannot give the Permit2 approval')
    expect(refusal?.alternative).toEqual({ kind: 'any-funds', label: 'Let the route choose the funds' })
    // Only the chains that hold some are named.
    const onBase = usdcAsk({ balance: balance('USDC', [chain(8453, 'Base', 'USDC', '30')]) })
    expect(askRefusal(onBase)?.title).toBe('The account cannot approve its funds on Base yet')
  })

  it('is not refused with any funds, where it is deployed, for a plain wallet, or beyond what it holds', () => {
    expect(askRefusal(usdcAsk({ funding: '' }))).toBeUndefined()
    expect(askRefusal(usdcAsk({ funding: 'COMPACT' }))).toBeUndefined()
    expect(askRefusal(usdcAsk({ undeployedChains: [1, 10, 42161] }))).toBeUndefined()
    expect(askRefusal(usdcAsk({ undeployedChains: undefined }))).toBeUndefined()
    expect(askRefusal(usdcAsk({ amount: usd('36') }))).toBeUndefined()
    // Deployed on Arbitrum One only: its 5 USDC there do not cover 10.
    expect(askRefusal(usdcAsk({ undeployedChains: [1, 10, 8453] }))?.title).toContain('on Base yet')
  })
})
