// The lock tag the published client deposits under (@rhinestone/sdk actions/compact): scope
// multichain, reset period 6, Rhinestone's allocator. Operators may configure others.
import { lockTag } from './lockId'

export const defaultAllocator = '0xc7732071e3a1be6cfce6d13bb05699a31a457679' as const

export const defaultLockTag = lockTag({ allocator: defaultAllocator, resetPeriod: 6, scope: 0 })
