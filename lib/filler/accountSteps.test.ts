import { encodeFunctionData, erc20Abi, pad, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { toSingleChainOp } from '../core/route/ops'
import { relayTerms } from './accountSteps'

const relayer = pad('0xf111', { size: 20 })
const other = pad('0x0b0b', { size: 20 })
const usdc = pad('0x05dc', { size: 20 })
const usdt = pad('0x05d7', { size: 20 })
const transfer = (token: `0x${string}`, to: `0x${string}`, amount: bigint) => ({
  to: token,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

describe('relayTerms: what single-chain ops pay the relayer (the guarded relay checks it arrived)', () => {
  it('sums the ERC-20 transfers to the relayer and ignores everything else', () => {
    const op = toSingleChainOp([
      transfer(usdc, relayer, 700n),
      transfer(usdc, other, 5_000n), // a delivery to the recipient
      { to: other, value: 9n, data: '0x12345678' }, // some call with value
      transfer(usdc, relayer, 300n),
    ])
    expect(relayTerms(op, relayer)).toEqual({ feeToken: usdc, fee: 1_000n })
  })

  it('a fee in native ETH is value sent to the relayer; no fee at all is zero of the zero address', () => {
    expect(relayTerms(toSingleChainOp([{ to: relayer, value: 42n, data: '0x' }]), relayer)).toEqual({
      feeToken: zeroAddress,
      fee: 42n,
    })
    expect(relayTerms(toSingleChainOp([transfer(usdc, other, 1n)]), relayer)).toEqual({
      feeToken: zeroAddress,
      fee: 0n,
    })
  })

  it('refuses ops that pay the relayer in two tokens (one fee token per route)', () => {
    const op = toSingleChainOp([transfer(usdc, relayer, 1n), transfer(usdt, relayer, 1n)])
    expect(() => relayTerms(op, relayer)).toThrow(/more than one token/)
  })
})
