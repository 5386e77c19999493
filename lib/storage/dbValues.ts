// Zod schemas for what the database drivers hand back: numeric and bigint columns come as strings
// (pg) or numbers (PGlite), timestamps as Date or text, hex as text. Stores parse each row with
// these and return typed values.
import type { Hex } from 'viem'
import { z } from 'zod'

/** A numeric/bigint column as its decimal string. */
export const decimalText = z.union([z.string().regex(/^\d+$/), z.number().int(), z.bigint()]).transform(String)
/** An integer column (chain ids, counts) as a number. */
export const integer = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number)
export const timestamp = z.union([z.date(), z.string()]).transform((v) => new Date(v))
export const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<Hex>
