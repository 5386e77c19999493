import { lockTag as sdkLockTag } from '@rhinestone/sdk/dist/src/actions/compact'
import { getAddress, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { defaultAllocator, defaultLockTag } from './defaultLockTag'
import { allocatorId, compactFlag, decodeLockId, lockId, lockTag } from './lockId'

describe('compactFlag', () => {
  it('is 0 below four leading zero nibbles', () => {
    expect(compactFlag('0xc7732071e3a1be6cfce6d13bb05699a31a457679')).toBe(0)
    expect(compactFlag('0x000f000000000000000000000000000000000001')).toBe(0)
  })
  it('is nibbles − 3 from four to seventeen leading zero nibbles', () => {
    expect(compactFlag('0x0000f00000000000000000000000000000000001')).toBe(1)
    expect(compactFlag('0x00000000000000171ede64904551eeDF3C6C9788')).toBe(11)
    expect(compactFlag('0x00000000000000000f0000000000000000000001')).toBe(14)
  })
  it('is 15 from eighteen leading zero nibbles on', () => {
    expect(compactFlag('0x000000000000000000f000000000000000000001')).toBe(15)
    expect(compactFlag('0x0000000000000000000000000000000000000001')).toBe(15)
  })
})

describe('lockTag', () => {
  it('equals the tag @rhinestone/sdk deposits under', () => {
    expect(defaultLockTag).toBe(sdkLockTag())
    expect(lockTag({ allocator: defaultAllocator, resetPeriod: 6, scope: 0 })).toBe('0x60e6d13bb05699a31a457679')
  })
  it('puts scope in the top bit and the reset period below it', () => {
    const tag = BigInt(lockTag({ allocator: '0x0000000000000000000000000000000000000001', resetPeriod: 7, scope: 1 }))
    expect(tag >> 95n).toBe(1n)
    expect((tag >> 92n) & 7n).toBe(7n)
    expect(tag & ((1n << 92n) - 1n)).toBe(allocatorId('0x0000000000000000000000000000000000000001'))
    expect(allocatorId('0x0000000000000000000000000000000000000001')).toBe((15n << 88n) | 1n)
  })
  it('rejects a reset period outside 0..7', () => {
    expect(() => lockTag({ allocator: defaultAllocator, resetPeriod: 8, scope: 0 })).toThrow(/resetPeriod/)
  })
})

describe('lockId', () => {
  const usdc = getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')
  it('is lockTag in the top 96 bits and the token in the low 160', () => {
    const id = lockId(defaultLockTag, usdc)
    expect(id >> 160n).toBe(BigInt(defaultLockTag))
    expect(id & ((1n << 160n) - 1n)).toBe(BigInt(usdc))
  })
  it('uses address 0 for native ETH', () => {
    expect(lockId(defaultLockTag, zeroAddress)).toBe(BigInt(defaultLockTag) << 160n)
  })
  it('decodes back to its parts', () => {
    const decoded = decodeLockId(lockId(defaultLockTag, usdc))
    expect(decoded).toEqual({
      lockTag: defaultLockTag,
      token: usdc,
      scope: 0,
      resetPeriod: 6,
      allocatorId: allocatorId(defaultAllocator),
    })
  })
})
