// A token named without a chain that no served chain has: the client's "Unsupported token addresses"
// for an address (its BadRequestError), the detail naming the token and the field.
import { describe, expect, it } from 'vitest'
import type { RouteInput } from '../routeInput'
import { accessPolicy } from './accessPolicy'
import { resolveTokenRequests } from './tokenRequests'

const served = [1, 10, 8453, 42161]
const bogus = '0x1111111111111111111111111111111111111111'
const unknownAddress = (field: string, detail: string) =>
  expect.objectContaining({
    message: 'Unsupported token addresses',
    code: 'UNSUPPORTED_TOKEN',
    details: [{ message: detail, context: { field, token: bogus } }],
  })

describe('tokens named without a chain', () => {
  it('an unknown address in accountAccessList.tokens is "Unsupported token addresses"', () => {
    const detail = `Unsupported token ${bogus} on any chain`
    const included = () => accessPolicy({ tokens: ['USDC', bogus] }, served)
    expect(included).toThrow(unknownAddress('accountAccessList.tokens.1', detail))
    const excluded = () => accessPolicy({ exclude: { tokens: [bogus] } }, served)
    expect(excluded).toThrow(unknownAddress('accountAccessList.exclude.tokens.0', detail))
  })

  it('an unknown symbol keeps its own message: the client has none for it', () => {
    const symbol = () => accessPolicy({ tokens: ['DAI'] }, served)
    expect(symbol).toThrow(expect.objectContaining({ message: 'Unsupported token DAI on any chain' }))
  })

  it('an unknown fee token address is "Unsupported token addresses", naming options.feeToken', () => {
    const input = (feeToken: string) => {
      const tokenRequests = [{ tokenAddress: 'USDC', amount: 1n }]
      return { destinationChainId: 8453, tokenRequests, options: { feeToken } } as unknown as RouteInput
    }
    const detail = `options.feeToken: Unsupported token ${bogus} on any chain`
    expect(() => resolveTokenRequests(input(bogus), served)).toThrow(unknownAddress('options.feeToken', detail))
    const symbol = () => resolveTokenRequests(input('DAI'), served)
    expect(symbol).toThrow('options.feeToken: Unsupported token DAI on any chain')
  })
})
