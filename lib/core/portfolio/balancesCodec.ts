// A chain's balances as text, for a cache shared between processes: amounts as decimal strings, each
// token by its address (read back from the token list, so a process reads the same token objects as
// it would have read itself). A token the list does not hold makes the text unreadable (undefined):
// read from chain instead.
import type { Address, Hex } from 'viem'
import { findTokenByAddress } from '../tokens/tokens'
import type { ChainBalances, TokenBalance } from './readBalances'

type Encoded = {
  chainId: number
  blockNumber: string
  balances: { token: Address; unlocked: string; locked: string; locks: [Hex, string, string][] }[]
}

export function encodeBalances(c: ChainBalances): string {
  const encoded: Encoded = {
    chainId: c.chainId,
    blockNumber: c.blockNumber.toString(),
    balances: c.balances.map((b) => ({
      token: b.token.address,
      unlocked: b.unlocked.toString(),
      locked: b.locked.toString(),
      locks: b.locks.map((l) => [l.lockTag, l.id.toString(), l.amount.toString()]),
    })),
  }
  return JSON.stringify(encoded)
}

export function decodeBalances(text: string): ChainBalances | undefined {
  const e = JSON.parse(text) as Encoded
  const balances: TokenBalance[] = []
  for (const b of e.balances) {
    const token = findTokenByAddress(e.chainId, b.token)
    if (!token) return undefined
    balances.push({
      token,
      unlocked: BigInt(b.unlocked),
      locked: BigInt(b.locked),
      locks: b.locks.map(([lockTag, id, amount]) => ({ lockTag, id: BigInt(id), amount: BigInt(amount) })),
    })
  }
  return { chainId: e.chainId, blockNumber: BigInt(e.blockNumber), balances }
}
