// Multicall3's aggregate3 answer, `(bool success, bytes returnData)[]`, read straight from its hex.
// viem's general ABI decoder takes ~28 µs for a chain's 9 balance results (it turns the whole
// answer into bytes and walks it with a cursor), more than a tenth of a local chain read, for the
// one shape every round returns. This reads the same words in place; aggregate3Result.test.ts
// checks it against viem's decoder on generated answers and that whatever it reads from a
// corrupted answer is what viem reads. Anything that is not hex, out of bounds or non-canonical
// throws.
import type { Hex } from 'viem'

export type Aggregate3Result = { success: boolean; returnData: Hex }

/** The largest offset or length a word may hold here: anything larger cannot point inside an answer. */
const MAX_SAFE_WORD = 2 ** 48
const ZERO = 0x30

export function decodeAggregate3(data: Hex): Aggregate3Result[] {
  // Whole bytes of hex (an even count of digits): one character class, no group repeated per byte.
  if (data.length % 2 !== 0 || !/^0x[0-9a-fA-F]*$/.test(data)) throw new Error('aggregate3: not hex bytes')
  const bytes = (data.length - 2) / 2
  if (bytes < 64) throw new Error('aggregate3: answer too short')
  /** The word at byte offset `at`, as a number; out of bounds or too large throws. */
  const word = (at: number): number => {
    if (at < 0 || at + 32 > bytes) throw new Error('aggregate3: read past the answer')
    const start = 2 + at * 2
    // Its first 26 bytes must be zero: read in place, no slice or regex per word.
    for (let i = start; i < start + 52; i++)
      if (data.charCodeAt(i) !== ZERO) throw new Error('aggregate3: word out of range')
    const value = Number.parseInt(data.slice(start + 52, start + 64), 16)
    if (Number.isNaN(value) || value >= MAX_SAFE_WORD) throw new Error('aggregate3: word out of range')
    return value
  }
  const array = word(0)
  const count = word(array)
  const heads = array + 32
  if (count > (bytes - heads) / 32) throw new Error('aggregate3: more results than the answer holds')
  const results: Aggregate3Result[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const element = heads + word(heads + i * 32)
    const flag = word(element)
    if (flag > 1) throw new Error('aggregate3: success is not a boolean')
    const at = element + word(element + 32)
    const length = word(at)
    if (at + 32 + length > bytes) throw new Error('aggregate3: return data past the answer')
    const start = 2 + (at + 32) * 2
    results[i] = { success: flag === 1, returnData: `0x${data.slice(start, start + length * 2)}` }
  }
  return results
}
