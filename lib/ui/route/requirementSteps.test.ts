import { decodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../shared/tokenAmount'
import { fixtureRoute } from './fixtures/routes'
import {
  approvalHeadroom,
  formatRequirementsGas,
  requirementLabel,
  requirementSteps,
  requirementsGasWei,
  wrapHeadroom,
} from './requirementSteps'

describe('requirementSteps', () => {
  it('turns a Permit2 approval into approve(Permit2, amount) on the token, on its chain', () => {
    const [step, ...rest] = requirementSteps(fixtureRoute('crossChain').route.tokenRequirements)
    expect(rest).toEqual([])
    expect(step).toMatchObject({
      kind: 'approval',
      spender: { name: 'Permit2', address: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
    })
    expect(formatTokenAmount(step!.amount)).toBe('1,001.489486 USDC')
    expect(step!.tx).toMatchObject({ chainId: 8453, to: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', value: 0n })
    // 0.5 % headroom: a re-priced route a few units dearer is still covered.
    expect(decodeFunctionData({ abi: erc20Abi, data: step!.tx.data })).toEqual({
      functionName: 'approve',
      args: ['0x000000000022D473030F116dDEE9F6B43aC78BA3', 1001_489486n + 5_007447n],
    })
    expect(step!.txAmount.amount).toBe(1001_489486n + 5_007447n)
  })

  it('approves every amount when asked for an unlimited approval', () => {
    const [step] = requirementSteps(fixtureRoute('crossChain').route.tokenRequirements, {}, { unlimited: true })
    expect(step).toMatchObject({ kind: 'approval', unlimited: true })
    expect(decodeFunctionData({ abi: erc20Abi, data: step!.tx.data }).args).toEqual([
      '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      maxUint256,
    ])
    expect(formatTokenAmount(step!.amount)).toBe('1,001.489486 USDC')
  })

  it('turns a wrap (keyed by the zero address) into WETH deposit() with the ETH as value', () => {
    const route = fixtureRoute('wrap').route
    const gasPrices = route.intentOp!.signedMetadata.gasPrices
    const steps = requirementSteps(route.tokenRequirements, gasPrices)
    const wrap = steps.find((s) => s.kind === 'wrap')!
    const amount = BigInt(route.tokenRequirements['1']!['0x0000000000000000000000000000000000000000']!.amount)
    const headroom = wrapHeadroom(amount, BigInt(gasPrices['1']!))
    expect(headroom).toBeGreaterThan(0n)
    expect(wrap.tx).toEqual({
      chainId: 1,
      to: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      value: amount + headroom,
      data: expect.any(String),
    })
    expect(decodeFunctionData({ abi: parseAbi(['function deposit() payable']), data: wrap.tx.data }).functionName).toBe(
      'deposit',
    )
    expect(wrap.amount).toMatchObject({ symbol: 'ETH', amount })
    expect(steps.map((s) => s.kind).sort()).toEqual(['approval', 'wrap'])
  })

  it('keeps the headroom small: 0.5 % of an approval, and a wrap within 100k gas of ETH', () => {
    expect(approvalHeadroom(2_000n)).toBe(10n)
    expect(wrapHeadroom(10n ** 18n, 10n ** 9n)).toBe(10n ** 14n) // 100k gas at 1 gwei, not 0.005 ETH
    expect(wrapHeadroom(2_000n, 10n ** 9n)).toBe(10n)
  })

  it('is empty when nothing is required', () => {
    expect(requirementSteps(fixtureRoute('compact').route.tokenRequirements)).toEqual([])
  })
})

describe('a requirement on the card', () => {
  const wrap = fixtureRoute('wrap').route
  const gasPrices = wrap.intentOp?.signedMetadata.gasPrices ?? {}
  const steps = requirementSteps(wrap.tokenRequirements, gasPrices)

  it('names its button after what it does and where', () => {
    expect(steps.length).toBeGreaterThan(0)
    for (const step of steps) {
      const where = `on ${step.amount.chainName}`
      expect(requirementLabel(step)).toBe(
        step.kind === 'approval'
          ? `Approve ${step.amount.symbol} ${where}`
          : `Wrap ${formatTokenAmount(step.amount)} ${where}`,
      )
    }
  })

  it('prices the open requirements at the route’s gas prices', () => {
    const wei = requirementsGasWei(steps, gasPrices)
    expect(wei).toBeGreaterThan(0n)
    expect(formatRequirementsGas(wei, 3000)).toMatch(/^≈ [\d.<]+ ETH \((\$\d+\.\d\d|<\$0\.01)\)$/)
    expect(formatRequirementsGas(10n ** 15n, 2000)).toBe('≈ 0.001 ETH ($2.00)')
  })
})
