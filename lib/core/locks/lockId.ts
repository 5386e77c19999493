// Resource-lock ids of The Compact: lockTag (bytes12, top 96 bits) || token address (low 160).
// lockTag = scope (1 bit, 0 = multichain) << 95 | resetPeriod (3 bits) << 92 | allocatorId (92 bits);
// allocatorId = compactFlag (4 bits) << 88 | low 88 bits of the allocator address.
import { type Address, getAddress, type Hex, numberToHex } from 'viem'

export type Scope = 0 | 1
export type LockTagParameters = { allocator: Address; resetPeriod: number; scope: Scope }

const MASK_88 = (1n << 88n) - 1n
const MASK_160 = (1n << 160n) - 1n

/** 0 below 4 leading zero nibbles, 15 from 18 on, else nibbles − 3. */
export function compactFlag(allocator: Address): number {
  const hex = allocator.slice(2)
  const nibbles = hex.length - hex.replace(/^0+/, '').length
  if (nibbles < 4) return 0
  if (nibbles >= 18) return 15
  return nibbles - 3
}

export function allocatorId(allocator: Address): bigint {
  return (BigInt(compactFlag(allocator)) << 88n) | (BigInt(allocator) & MASK_88)
}

export function lockTag({ allocator, resetPeriod, scope }: LockTagParameters): Hex {
  if (!Number.isInteger(resetPeriod) || resetPeriod < 0 || resetPeriod > 7) {
    throw new RangeError(`resetPeriod must be an integer 0..7, got ${resetPeriod}`)
  }
  const tag = (BigInt(scope) << 95n) | (BigInt(resetPeriod) << 92n) | allocatorId(allocator)
  return numberToHex(tag, { size: 12 })
}

export function lockId(tag: Hex, token: Address): bigint {
  return (BigInt(tag) << 160n) | BigInt(token)
}

export type DecodedLockId = { lockTag: Hex; token: Address; scope: Scope; resetPeriod: number; allocatorId: bigint }

export function decodeLockId(id: bigint): DecodedLockId {
  const tag = id >> 160n
  return {
    lockTag: numberToHex(tag, { size: 12 }),
    token: getAddress(numberToHex(id & MASK_160, { size: 20 })),
    scope: Number(tag >> 95n) as Scope,
    resetPeriod: Number((tag >> 92n) & 7n),
    allocatorId: tag & ((1n << 92n) - 1n),
  }
}
