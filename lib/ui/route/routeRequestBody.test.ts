import { describe, expect, it } from 'vitest'
import * as requestCheck from '../../api/routeRequest'
import { tokensOnChain } from '../../core/tokens/tokens'
import { initialRouteForm, type RouteForm, withDestination } from './routeForm'
import { baseUnits, loadRequestCheck, routeRequestBody } from './routeRequestBody'

const demo = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdcArb = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const form = (patch: Partial<RouteForm> = {}): RouteForm => ({ ...initialRouteForm(demo), ...patch })
const request = (token: string, amount: string, max = false) => ({ key: 'k', token, amount, max })

describe('routeRequestBody', () => {
  it('sends the smallest body the server needs (and asks for the alternatives), amounts in base units', () => {
    const { body, errors } = routeRequestBody(form({ tokenRequests: [request(usdcArb, '1000')] }), requestCheck)
    expect(errors).toEqual({})
    expect(body).toEqual({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: usdcArb, amount: '1000000000' }],
      account: { address: demo, accountType: 'EOA' },
      options: { alternatives: true },
    })
  })

  it('asks for no alternatives where the route may be the account’s own OFT send (USDT from a smart account)', () => {
    const usdt0Arb = tokensOnChain(42161).find((t) => t.symbol === 'USDT0')!.address
    const nexus = { accountType: 'ERC7579' as const }
    const ask = (patch: Partial<RouteForm>) =>
      routeRequestBody(form({ tokenRequests: [request(usdt0Arb, '10')], ...patch }), requestCheck).body.options
    expect(ask(nexus)).toEqual({})
    expect(ask({})).toEqual({ alternatives: true })
    expect(
      routeRequestBody(form({ ...nexus, tokenRequests: [request(usdcArb, '10')] }), requestCheck).body.options,
    ).toEqual({
      alternatives: true,
    })
  })

  it('converts exactly, far beyond 2^53', () => {
    expect(baseUnits('123456789012.123456789012345678', { decimals: 18, symbol: 'ETH' })).toBe(
      123456789012123456789012345678n,
    )
    expect(baseUnits('0.000001', { decimals: 6, symbol: 'USDC' })).toBe(1n)
  })

  it('accepts thousands separators', () => {
    expect(baseUnits('1,000', { decimals: 6, symbol: 'USDC' })).toBe(1_000_000_000n)
    expect(baseUnits('12,345,678.5', { decimals: 6, symbol: 'USDC' })).toBe(12_345_678_500_000n)
  })

  it('names each bad amount in words, never rounding one', () => {
    const bad = (amount: string) => (baseUnits(amount, { decimals: 6, symbol: 'USDC' }) as { error: string }).error
    expect(bad('1.1234567')).toBe('USDC has 6 decimals: at most 6 digits after the point.')
    expect(bad('1,00')).toMatch(/commas only between groups of three/)
    expect(bad('1,0000.5')).toMatch(/commas only between groups of three/)
    expect(bad('1.000,5')).toMatch(/commas only between groups of three/)
    expect(bad('-1')).toMatch(/digits/)
    expect(bad('1e6')).toMatch(/digits/)
    expect(bad('0.0')).toBe('Must be more than 0.')
    expect(bad('')).toMatch(/tick “max”/)
  })

  it('omits the amount of a max request, and allows only one', () => {
    const one = routeRequestBody(form({ tokenRequests: [request(usdcArb, '', true)] }), requestCheck)
    expect(one.body.tokenRequests).toEqual([{ tokenAddress: usdcArb }])
    expect(one.errors).toEqual({})
    const usdt0 = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
    expect(
      routeRequestBody(form({ tokenRequests: [request(usdcArb, '', true), request(usdt0, '', true)] }), requestCheck)
        .errors,
    ).toMatchObject({ tokenRequests: expect.stringMatching(/Only one/) })
  })

  it('marks fields by the paths the server uses in errors[].context.field', () => {
    const { errors } = routeRequestBody(
      form({
        account: '0x1234',
        tokenRequests: [request(usdcArb, '5'), request(usdcArb, '1')],
        recipient: 'bob',
        executions: [{ key: 'e', to: '0x12', value: '1.5', data: '0xabc' }],
        destinationGasUnits: '100k',
      }),
      requestCheck,
    )
    expect(Object.keys(errors).sort()).toEqual([
      'account.address',
      'destinationExecutions.0.data',
      'destinationExecutions.0.to',
      'destinationExecutions.0.value',
      'destinationGasUnits',
      'recipient.address',
      'tokenRequests.1.tokenAddress',
    ])
    expect(errors['tokenRequests.1.tokenAddress']).toMatch(/USDC is already requested/)
  })

  it("is not checked in full until the server's schema has loaded, and is once it has", async () => {
    // Calldata one byte over the bound: only the server's limits know it.
    const data = `0x${'ab'.repeat(requestCheck.routeLimits.calldataBytes + 1)}`
    const over = form({
      tokenRequests: [request(usdcArb, '1')],
      executions: [{ key: 'e', to: '0x00000000000000000000000000000000000bEEf1', value: '0', data }],
    })
    const early = routeRequestBody(over, undefined)
    expect(early.checked).toBe(false)
    expect(early.errors).toEqual({})
    const loaded = routeRequestBody(over, await loadRequestCheck())
    expect(loaded.checked).toBe(true)
    expect(loaded.errors['destinationExecutions.0.data']).toMatch(/At most 32768 bytes/)
  })

  it('writes the access list and the chosen options only when something is chosen', () => {
    const { body, errors } = routeRequestBody(
      form({
        tokenRequests: [request(usdcArb, '1')],
        recipient: '0x00000000000000000000000000000000000bEEf1',
        executions: [{ key: 'e', to: usdcArb, value: '', data: '' }],
        destinationGasUnits: '90000',
        access: { chainIds: [8453, 42161], tokens: [], excludeChainIds: [], excludeTokens: ['USDT0'] },
        settlementLayers: ['ECO', 'RELAY'],
        sponsor: { gas: true, bridge: false, protocol: true },
        feeToken: 'ETH',
      }),
      requestCheck,
    )
    expect(errors).toEqual({})
    expect(body).toMatchObject({
      recipient: { address: '0x00000000000000000000000000000000000bEEf1', accountType: 'EOA' },
      destinationExecutions: [{ to: usdcArb, value: '0', data: '0x' }],
      destinationGasUnits: '90000',
      accountAccessList: { chainIds: [8453, 42161], exclude: { tokens: ['USDT0'] } },
      options: {
        settlementLayers: ['ECO', 'RELAY'],
        sponsorSettings: { gasSponsored: true, bridgeFeesSponsored: false, protocolFeesSponsored: true },
        feeToken: 'ETH',
      },
    })
    expect(body.accountAccessList).not.toHaveProperty('tokens')
  })

  it('keeps each request’s asset when the destination changes', () => {
    const onBase = withDestination(form({ tokenRequests: [request(usdcArb, '1')] }), 8453)
    expect(routeRequestBody(onBase, requestCheck).body.tokenRequests).toEqual([
      { tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: '1000000' },
    ])
  })
})
