import { describe, expect, it } from 'vitest'
import { fixtureIntentOp } from './fixtures/routes'
import { describeContext, formatUsdPrice, signedMetadataView } from './signedMetadataView'

describe('signedMetadataView', () => {
  it('shows gas prices in gwei, L1 parameters of OP-stack chains and the calldata estimate', () => {
    const view = signedMetadataView(fixtureIntentOp('crossChain').signedMetadata)
    expect(view.gasPrices.map((g) => g.chainName)).toEqual(['Ethereum', 'OP Mainnet', 'Base', 'Arbitrum One'])
    const wei = BigInt(fixtureIntentOp('crossChain').signedMetadata.gasPrices['1']!)
    expect(view.gasPrices[0]!.gwei).toBe((Number(wei / 100_000n) / 10_000).toString())
    expect(view.l1Params.map((p) => [p.chainName, p.l1BaseFeeGwei, p.baseFeeScalar])).toEqual([
      ['OP Mainnet', '2', '2269'],
      ['Base', '2', '2269'],
    ])
    expect(view.estimatedCalldataSize).toBeGreaterThan(0)
    expect(view.prices).toContainEqual({ symbol: 'ETH', usd: 3000 })
  })

  it('describes what was read about each account on each chain', () => {
    const view = signedMetadataView(fixtureIntentOp('crossChain').signedMetadata)
    expect(view.accounts[0]).toMatchObject({
      who: 'account',
      accountType: 'EOA',
      chains: [{ chainName: 'Base', context: 'Plain account (EOA): no code' }, { chainName: 'Arbitrum One' }],
    })
    expect(
      describeContext({
        accountType: 'smartAccount',
        isDeployed: true,
        isERC7579: false,
        delegatedTo: '0x00000000000000000000000000000000000D1e6A',
      }),
    ).toBe('EIP-7702 delegated to 0x0000…1e6A')
    expect(describeContext({ accountType: 'smartAccount', isDeployed: false, isERC7579: true })).toBe(
      'Smart account (not deployed yet, ERC-7579)',
    )
  })
})

describe('formatUsdPrice', () => {
  it('keeps every digit of a feed price', () => {
    expect(formatUsdPrice(3000)).toBe('$3,000')
    expect(formatUsdPrice(0.99987)).toBe('$0.99987')
    expect(formatUsdPrice(1234.5)).toBe('$1,234.5')
  })
})
