import { decodeAbiParameters, getAddress, parseAbiParameters, size, slice } from 'viem'
import { describe, expect, it } from 'vitest'
import { SINGLE_CHAIN_VT, singleChainOpsData, toOp, toSingleChainOp } from './ops'

const a = '0x00000000000000000000000000000000000000a1'
const b = '0x00000000000000000000000000000000000000b2'
const calls = [
  { to: a, value: 0n, data: '0xa9059cbb' },
  { to: b, value: 7n, data: '0x' },
] as const

describe('ops', () => {
  it('a single call and a batch carry their ERC-7579 call type, amounts as decimal strings', () => {
    expect(toOp(calls.slice(0, 1)).vt).toBe(`0x00${'0'.repeat(62)}`)
    const batch = toOp(calls)
    expect(batch.vt).toBe(`0x01${'0'.repeat(62)}`)
    expect(batch.ops).toEqual([
      { to: a, value: '0', data: '0xa9059cbb' },
      { to: b, value: '7', data: '0x' },
    ])
  })

  it('single-chain ops are a batch (0x02) checked by the account (0x01), whatever their count', () => {
    expect(SINGLE_CHAIN_VT).toBe(`0x0201${'0'.repeat(60)}`)
    expect(toSingleChainOp(calls.slice(0, 1)).vt).toBe(SINGLE_CHAIN_VT)
    expect(toSingleChainOp([]).ops).toEqual([])
  })

  it("the executor's ops.data is execType ‖ sigMode ‖ abi.encode(Ops[]), decoding back to the calls", () => {
    const data = singleChainOpsData(toSingleChainOp(calls))
    expect(slice(data, 0, 2)).toBe('0x0201')
    const [decoded] = decodeAbiParameters(
      parseAbiParameters('(address to, uint256 value, bytes data)[]'),
      slice(data, 2),
    )
    expect(decoded).toEqual([
      { to: getAddress(a), value: 0n, data: '0xa9059cbb' },
      { to: getAddress(b), value: 7n, data: '0x' },
    ])
    expect(size(singleChainOpsData(toSingleChainOp([])))).toBe(2 + 64)
  })
})
