// Which (chain, token) pairs a route may take funds from (accountAccessList), and how much.
import { type Address, isAddress, isAddressEqual } from 'viem'
import { InvalidInputError, UnsupportedChainError, UnsupportedTokenAddressError } from '../../errors'
import { resolvePair } from '../../tokens/resolveToken'
import { type TokenInfo, tokens } from '../../tokens/tokens'
import type { AccessListInput } from '../routeInput'

export type AccessPolicy = { allows: (token: TokenInfo) => boolean; cap: (token: TokenInfo) => bigint | undefined }

type Filter = Omit<Exclude<AccessListInput, unknown[]>, 'exclude'>

export function accessPolicy(list: AccessListInput | undefined, servedChainIds: readonly number[]): AccessPolicy {
  // An empty include-list (`[]`, `chainIds: []`, `tokens: []`, `chainTokens: {}`) restricts nothing.
  if (!list || (Array.isArray(list) && list.length === 0)) return { allows: () => true, cap: () => undefined }
  if (Array.isArray(list)) {
    const pairs = list.map((e, i) => ({
      token: resolvePair(e.chainId, e.tokenAddress, servedChainIds, `accountAccessList.${i}`),
      amount: e.amount,
    }))
    return {
      allows: (t) => pairs.some((p) => p.token === t),
      cap: (t) => pairs.find((p) => p.token === t)?.amount,
    }
  }
  const include = compile(list, servedChainIds, 'accountAccessList')
  const exclude = list.exclude ? compile(list.exclude, servedChainIds, 'accountAccessList.exclude') : undefined
  return {
    allows: (t) => include.matches(t, true) && !(exclude?.matches(t, false) ?? false),
    cap: () => undefined,
  }
}

/** `all` decides what an empty filter means: everything (include) or nothing (exclude). */
function compile(filter: Filter, served: readonly number[], field: string) {
  const f = { chainIds: nonEmpty(filter.chainIds), tokens: nonEmpty(filter.tokens), chainTokens: filter.chainTokens }
  for (const id of f.chainIds ?? []) if (!served.includes(id)) throw new UnsupportedChainError(id, `${field}.chainIds`)
  const tokenMatchers = (f.tokens ?? []).map((ref, i) => tokenMatcher(ref, `${field}.tokens.${i}`))
  const pairs = Object.entries(f.chainTokens ?? {}).flatMap(([chain, refs]) =>
    refs.map((ref) => resolvePair(Number(chain), ref, served, `${field}.chainTokens.${chain}`)),
  )
  const hasChainOrToken = f.chainIds !== undefined || f.tokens !== undefined
  return {
    matches(t: TokenInfo, all: boolean): boolean {
      if (pairs.includes(t)) return true
      if (!hasChainOrToken) return all && pairs.length === 0
      if (all)
        return (f.chainIds?.includes(t.chainId) ?? true) && (f.tokens === undefined || tokenMatchers.some((m) => m(t)))
      return (f.chainIds?.includes(t.chainId) ?? false) || tokenMatchers.some((m) => m(t))
    },
  }
}

const nonEmpty = <T>(list: readonly T[] | undefined) => (list?.length ? list : undefined)

function tokenMatcher(ref: string, field: string): (t: TokenInfo) => boolean {
  if (isAddress(ref, { strict: false })) {
    if (!tokens.some((t) => isAddressEqual(t.address, ref as Address))) throw unknownToken(ref, field)
    return (t) => isAddressEqual(t.address, ref as Address)
  }
  const symbol = ref.toUpperCase()
  if (!tokens.some((t) => t.symbol === symbol)) throw unknownToken(ref, field)
  return (t) => t.symbol === symbol
}

function unknownToken(ref: string, field: string) {
  const message = `Unsupported token ${ref} on any chain`
  if (isAddress(ref, { strict: false })) return new UnsupportedTokenAddressError(ref, field, message)
  return new InvalidInputError(message, [{ message, context: { field, token: ref } }])
}
