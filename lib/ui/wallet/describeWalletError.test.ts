import { SwitchChainError, UserRejectedRequestError, WaitForTransactionReceiptTimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeWalletError } from './describeWalletError'

describe('describeWalletError', () => {
  it('recognises a rejection anywhere in the cause chain', () => {
    expect(describeWalletError(new UserRejectedRequestError(new Error('no')))).toMatch(/declined/)
    expect(describeWalletError(new Error('wrapped', { cause: { code: 4001, message: 'User rejected' } }))).toMatch(
      /declined/,
    )
  })

  it('explains a missing wallet, a pending request and a failed switch', () => {
    expect(describeWalletError(Object.assign(new Error('x'), { name: 'ProviderNotFoundError' }))).toMatch(
      /No browser wallet/,
    )
    expect(describeWalletError({ code: -32002 })).toMatch(/already has a request open/)
    expect(describeWalletError(new SwitchChainError(new Error('x')))).toMatch(/switch/)
  })

  it('says a sent transaction without a receipt may still be pending', () => {
    expect(describeWalletError(new WaitForTransactionReceiptTimeoutError({ hash: '0x01' }))).toMatch(
      /no receipt came in time: it may still be pending/,
    )
  })

  it('never repeats a raw message', () => {
    expect(describeWalletError(new Error('TypeError: e.foo is not a function'))).toBe(
      'The wallet did not respond as expected. Try again.',
    )
  })
})
