import { describe, expect, it } from 'vitest'
import { defaultLockTag } from '../locks/defaultLockTag'
import { tokensOnChain } from '../tokens/tokens'
import { decodeBalances, encodeBalances } from './balancesCodec'
import type { ChainBalances } from './readBalances'

const [eth, usdc] = tokensOnChain(8453)

const balances = (): ChainBalances => ({
  chainId: 8453,
  blockNumber: 123_456_789_012n,
  balances: [
    { token: eth!, unlocked: 10n ** 30n + 1n, locked: 0n, locks: [] },
    {
      token: usdc!,
      unlocked: 5n,
      locked: 2n ** 200n,
      locks: [{ lockTag: defaultLockTag, id: 2n ** 255n + 7n, amount: 2n ** 200n }],
    },
  ],
})

describe('the balances codec', () => {
  it('reads back exactly what it wrote, with the token list’s own token objects', () => {
    const decoded = decodeBalances(encodeBalances(balances()))
    expect(decoded).toEqual(balances())
    expect(decoded?.balances[1]?.token).toBe(usdc)
  })

  it('reads nothing from text naming a token the list does not hold', () => {
    const text = encodeBalances(balances()).replace(usdc!.address, '0x00000000000000000000000000000000000bad00')
    expect(decodeBalances(text)).toBeUndefined()
  })
})
