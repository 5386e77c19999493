import fc from 'fast-check'
import { decodeFunctionResult, encodeFunctionResult, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { multicall3Abi } from '../abi/multicall3'
import { decodeAggregate3 } from './aggregate3Result'

const viemDecode = (data: Hex) =>
  decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data }).map((r) => ({
    success: r.success,
    returnData: r.returnData,
  }))
const encode = (results: { success: boolean; returnData: Hex }[]) =>
  encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })

const hexBytes = (max: number) =>
  fc.uint8Array({ maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex)
const results = fc.array(
  fc.record({ success: fc.boolean(), returnData: fc.oneof(hexBytes(0), hexBytes(32), hexBytes(100)) }),
  { maxLength: 12 },
)

describe('decodeAggregate3', () => {
  it('reads what viem encodes exactly as viem decodes it', () => {
    fc.assert(
      fc.property(results, (rs) => {
        const data = encode(rs)
        expect(decodeAggregate3(data)).toEqual(viemDecode(data))
        expect(decodeAggregate3(data)).toEqual(rs)
      }),
      { numRuns: 300 },
    )
  })

  it('never returns a value viem would not: corrupted answers are refused or read alike', () => {
    fc.assert(
      fc.property(results, fc.nat(), fc.integer({ min: 0, max: 255 }), (rs, position, byte) => {
        const data = encode(rs)
        const at = 2 + (position % ((data.length - 2) / 2)) * 2
        const corrupted = `${data.slice(0, at)}${byte.toString(16).padStart(2, '0')}${data.slice(at + 2)}` as Hex
        let ours: unknown
        try {
          ours = decodeAggregate3(corrupted)
        } catch {
          return // refusing is always safe: the chain reads as unavailable
        }
        expect(ours).toEqual(viemDecode(corrupted))
      }),
      { numRuns: 500 },
    )
  })

  it('refuses answers that are short, truncated, or point outside themselves', () => {
    const data = encode([{ success: true, returnData: `0x${'11'.repeat(32)}` }])
    expect(() => decodeAggregate3('0x')).toThrow()
    expect(() => decodeAggregate3(data.slice(0, -64) as Hex)).toThrow()
    expect(() => decodeAggregate3(`0x${'ff'.repeat(32)}${data.slice(66)}` as Hex)).toThrow(/out of range/)
    expect(() => decodeAggregate3(`${data}0` as Hex)).toThrow()
    // A sign or a non-hex digit where parseInt would stop early: refused, not read as a number.
    const word = (hex: string) => hex.padStart(64, '0')
    expect(() => decodeAggregate3(`0x${word('20')}${word('-1')}` as Hex)).toThrow(/not hex/)
    expect(() => decodeAggregate3(`0x${word('20')}${word('1g')}` as Hex)).toThrow(/not hex/)
    expect(() => decodeAggregate3(`${data.slice(0, -2)}zz` as Hex)).toThrow(/not hex/)
  })
})
