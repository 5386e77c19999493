// The tokens a request asks for, resolved against the registry on the destination chain (each
// once, none zero), and the asset group its fee is paid in: the fee token's, or the first request's.
import type { Address } from 'viem'
import { isAddress, isAddressEqual } from 'viem'
import { InvalidInputError, UnsupportedTokenAddressError } from '../../errors'
import { resolvePair } from '../../tokens/resolveToken'
import type { TokenGroup } from '../../tokens/tokenList'
import { tokens } from '../../tokens/tokens'
import type { TokenRequest } from '../plan/types'
import type { RouteInput } from '../routeInput'

export type TokenRequests = {
  requests: TokenRequest[]
  feeGroup: TokenGroup
  /** Every asset group the route involves: the requested ones and the fee's. */
  groups: TokenGroup[]
}

export function resolveTokenRequests(input: RouteInput, served: readonly number[]): TokenRequests {
  const feeTokenGroup = feeGroupOf(input.options.feeToken)
  const requests = resolveRequests(input, served)
  // A call-only intent naming no fee token pays in USDC or ETH (request/singleChain.ts): both are read.
  const feeGroup = feeTokenGroup ?? requests[0]?.token.extensions.group ?? 'USDC'
  const feeGroups: TokenGroup[] = requests.length === 0 && feeTokenGroup === undefined ? ['USDC', 'ETH'] : [feeGroup]
  return { requests, feeGroup, groups: [...new Set([...requests.map((r) => r.token.extensions.group), ...feeGroups])] }
}

function resolveRequests(input: RouteInput, served: readonly number[]): TokenRequest[] {
  const requests = input.tokenRequests.map((r, i) => ({
    token: resolvePair(input.destinationChainId, r.tokenAddress, served, `tokenRequests.${i}.tokenAddress`),
    amount: r.amount,
  }))
  requests.forEach((r, i) => {
    if (requests.findIndex((x) => x.token === r.token) !== i) {
      const message = `tokenRequests.${i}.tokenAddress: ${r.token.symbol} is requested twice; ask for the sum once`
      throw InvalidInputError.forField(`tokenRequests.${i}.tokenAddress`, message)
    }
    if (r.amount === 0n) {
      const message = `tokenRequests.${i}.amount: must be greater than 0 (omit it to send the maximum)`
      throw InvalidInputError.forField(`tokenRequests.${i}.amount`, message)
    }
  })
  return requests
}

/** The fee token's asset group, if the request names one (a symbol or an address on any chain). */
function feeGroupOf(feeToken: string | undefined): TokenGroup | undefined {
  if (feeToken === undefined) return undefined
  const match = isAddress(feeToken, { strict: false })
    ? tokens.find((t) => isAddressEqual(t.address, feeToken as Address))
    : tokens.find((t) => t.symbol === feeToken.toUpperCase())
  if (!match) {
    const message = `options.feeToken: Unsupported token ${feeToken} on any chain`
    const field = 'options.feeToken'
    if (isAddress(feeToken, { strict: false })) throw new UnsupportedTokenAddressError(feeToken, field, message)
    throw InvalidInputError.forField(field, message)
  }
  return match.extensions.group
}
