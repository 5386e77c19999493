import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, pad, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { intentExecutorAbi } from '../core/abi/intentExecutor'
import { nexus } from '../core/accounts/smartAccounts'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { accountEscrowRoute } from '../core/route/fixtures'
import { singleChainOpsData, toSingleChainOp } from '../core/route/ops'
import { destinationGasLimit } from '../core/settlement/destinationGas'
import { destinationStep, intentChains, relayTerms } from './accountSteps'

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

/** An ACCOUNT_ESCROW route from OP Mainnet to Base (nonce 77), with these calls on arrival. */
const call = { to: other, value: 0n, data: '0xabcdef01' as const }
const intentOp = (calls: (typeof call)[]) =>
  ({
    nonce: '77',
    sponsor: accountEscrowRoute().account,
    elements: accountEscrowRoute([10], calls).elements,
  }) as unknown as WireIntentOp

describe('destinationStep of an ACCOUNT_ESCROW route: its calls on arrival as the account’s single-chain ops', () => {
  const signatures = ['0x01', '0x02'] as const

  it('relays the destination element’s ops under its own signature, with exactly the gas the route charged', () => {
    const step = destinationStep(intentOp([call]), signatures, relayer)
    if (!step) throw new Error('expected a destination step')
    expect(step.step).toBe('destination-ops')
    expect(step.call.chainId).toBe(8453)
    expect(isAddressEqual(step.call.to, nexus.intentExecutor)).toBe(true)
    expect(step.gasLimit).toBe(destinationGasLimit(123_456n))
    const decoded = decodeFunctionData({ abi: intentExecutorAbi, data: step.call.data })
    expect(decoded.functionName).toBe('executeSinglechainOpsFor')
    const [signed, terms] = decoded.args as unknown as [
      { account: string; nonce: bigint; ops: { data: string }; signature: string },
      { feeToken: string; fee: bigint },
    ]
    expect(signed.nonce).toBe(77n)
    expect(signed.signature).toBe('0x02') // the destination element's: the client's destination signature
    expect(signed.ops.data).toBe(singleChainOpsData(toSingleChainOp([call])))
    expect(terms.fee).toBe(0n) // the calls pay the relayer nothing: the route's fee was escrowed
  })

  it('is nothing to run when the route has no calls', () => {
    expect(destinationStep(intentOp([]), signatures, relayer)).toBeUndefined()
  })
})

describe('intentChains: where the filler deploys an undeployed account', () => {
  it('where its funds are drawn, and the destination only for calls that run there', () => {
    expect(intentChains(intentOp([]))).toEqual([10])
    expect(intentChains(intentOp([call])).sort()).toEqual([10, 8453])
  })
})
