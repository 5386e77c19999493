// The wire's scalar formats, defined once for every wire schema (lib/core's and lib/api's, which
// re-exports them). Hex and addresses parse to viem's `Hex` / `Address` (template literals, so the
// types carry what the format checked) and keep their pattern in the OpenAPI document.
import { z } from 'zod'

/** `0x` followed by digits matching `digits`; a mismatch reads "must match pattern …" as a regex would. */
const prefixed = (digits: RegExp) => z.templateLiteral(['0x', z.string().regex(digits)], { format: 'regex' })

/** 0x-prefixed hex of any length, as the service writes it. */
export const hex = prefixed(/^[0-9a-fA-F]*$/)

/** A 20-byte address in any letter case, as the service writes it (checksummed). */
export const address = prefixed(/^[0-9a-fA-F]{40}$/)

/** A 32-byte hash (a transaction hash). */
export const hash = prefixed(/^[0-9a-fA-F]{64}$/)

/**
 * A non-negative integer in decimal digits: amounts, nonces, unix seconds, exact beyond 2^53.
 * Typed `string`, not `${bigint}`: the service writes these with `bigint.toString()`.
 */
export const decimal = z.string().regex(/^\d+$/, 'decimal integer string')
