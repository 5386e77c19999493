// The wire's scalar formats for every schema in lib/api: those the service writes are defined once
// in lib/core/wire/scalars.ts (the route response's schema in lib/core uses them too); here the ones
// a caller sends, parsed to the service's own form.
import { getAddress, isAddress, isHex } from 'viem'
import { z } from 'zod'

export { address, decimal, hash, hex } from '../core/wire/scalars'

/** A signature the sponsor sends: whole bytes, at least 64 of them. */
export const signature = z.templateLiteral(['0x', z.string().regex(/^([0-9a-fA-F]{2}){64,1024}$/)], {
  error: (issue) => (issue.code === 'invalid_type' ? undefined : 'a 0x-prefixed signature (at least 64 bytes)'),
})

/** An address a caller sends, checksummed or all one case; parsed to its checksummed form. */
export const addressInput = (message = 'must be a 0x-prefixed 20-byte address') =>
  z
    .string()
    .refine((a) => isAddress(a), message)
    .transform((a) => getAddress(a))

/** Bytes a caller sends (calldata, signature parts): whole bytes, at most `maxBytes`, parsed to lower case. */
export const hexBytes = (maxBytes: number) =>
  z
    .string()
    .refine((h) => isHex(h, { strict: true }) && h.length % 2 === 0, 'must be 0x-prefixed hex with whole bytes')
    .refine((h) => (h.length - 2) / 2 <= maxBytes, `must be at most ${maxBytes} bytes`)
    .transform((h) => `0x${h.slice(2).toLowerCase()}` as const)
