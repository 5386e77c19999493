// The wire's scalar formats, defined once for every schema in lib/api. Hex and addresses parse to
// viem's `Hex` / `Address` (template literals, so the types carry what the format checked) and
// keep their pattern in the OpenAPI document.
import { getAddress, isAddress, isHex } from 'viem'
import { z } from 'zod'

/** `0x` followed by digits matching `digits`; a mismatch reads "must match pattern …" as a regex would. */
const prefixed = (digits: RegExp) => z.templateLiteral(['0x', z.string().regex(digits)], { format: 'regex' })

/** 0x-prefixed hex of any length, as the service writes it. */
export const hex = prefixed(/^[0-9a-fA-F]*$/)

/** A 20-byte address in any letter case, as the service writes it (checksummed). */
export const address = prefixed(/^[0-9a-fA-F]{40}$/)

/** A 32-byte hash (a transaction hash). */
export const hash = prefixed(/^[0-9a-fA-F]{64}$/)

/** A signature the sponsor sends: whole bytes, at least 64 of them. */
export const signature = z.templateLiteral(['0x', z.string().regex(/^([0-9a-fA-F]{2}){64,1024}$/)], {
  error: (issue) => (issue.code === 'invalid_type' ? undefined : 'a 0x-prefixed signature (at least 64 bytes)'),
})

/**
 * A non-negative integer in decimal digits: amounts, nonces, unix seconds, exact beyond 2^53.
 * Typed `string`, not `${bigint}`: the service writes these with `bigint.toString()`.
 */
export const decimal = z.string().regex(/^\d+$/, 'decimal integer string')

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
