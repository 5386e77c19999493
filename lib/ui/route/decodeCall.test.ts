import { encodeFunctionData, erc20Abi, pad, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../shared/tokenAmount'
import { decodeCall, oftSendAbi } from './decodeCall'
import { fixtureIntentOp } from './fixtures/routes'

const usdcArb = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const bob = '0x1111111111111111111111111111111111111111'

describe('decodeCall', () => {
  it('decodes ERC-20 transfer and approve, amounts in the token’s units', () => {
    const transfer = decodeCall(42161, {
      to: usdcArb,
      value: '0',
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 100_000000n] }),
    })
    expect(transfer).toMatchObject({ kind: 'transfer', recipient: bob })
    expect(transfer.kind === 'transfer' && formatTokenAmount(transfer.token)).toBe('100 USDC')
    const approve = decodeCall(42161, {
      to: usdcArb,
      value: '0',
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 5n] }),
    })
    expect(approve).toMatchObject({ kind: 'approve', spender: bob })
  })

  it('keeps an unknown call raw, and an ERC-20 call on an unknown token in base units', () => {
    expect(decodeCall(42161, { to: bob, value: '1000', data: '0xdeadbeef' })).toEqual({
      kind: 'raw',
      to: bob,
      value: 1000n,
      data: '0xdeadbeef',
    })
    const unknown = decodeCall(42161, {
      to: bob,
      value: '0',
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 7n] }),
    })
    expect(unknown.kind === 'transfer' && formatTokenAmount(unknown.token)).toBe('7 base units of 0x1111…1111')
  })

  it('decodes the OFT send the route engine puts in preClaimOps', () => {
    const op = fixtureIntentOp('oft').elements[0]!.mandate.preClaimOps.ops[0]!
    const send = decodeCall(10, op)
    if (send.kind !== 'oftSend') throw new Error(`not decoded: ${send.kind}`)
    expect(send).toMatchObject({
      dstEid: 30110,
      dstChain: 'Arbitrum One',
      recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      refundAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    expect(formatTokenAmount(send.amount)).toBe('100 USDT0')
    expect(formatTokenAmount(send.minAmount)).toBe('100 USDT0')
    expect(send.minAmount.chainName).toBe('Arbitrum One')
    expect(formatTokenAmount(send.nativeFee)).toBe('0.00005 ETH')
    expect(send.value).toBe(send.nativeFee.amount)
  })

  it('names an OFT destination it does not know by its endpoint id', () => {
    const data = encodeFunctionData({
      abi: oftSendAbi,
      functionName: 'send',
      args: [
        { dstEid: 1, to: pad(bob), amountLD: 1n, minAmountLD: 1n, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' },
        { nativeFee: parseEther('0.1'), lzTokenFee: 0n },
        bob,
      ],
    })
    expect(decodeCall(10, { to: bob, value: '0', data })).toMatchObject({
      kind: 'oftSend',
      dstChain: 'LayerZero endpoint 1',
      recipient: bob,
    })
  })
})
