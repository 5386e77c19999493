import { describe, expect, it } from 'vitest'
import { jsonTextLimit } from './jsonTextLimit'

const limits = { maxDepth: 4, maxValues: 10 }

describe('jsonTextLimit', () => {
  it('counts nesting of arrays and objects, the outermost as 1', () => {
    expect(jsonTextLimit('[[[[]]]]', limits)).toBeUndefined()
    expect(jsonTextLimit('[[[[[]]]]]', limits)).toBe('depth')
    expect(jsonTextLimit('{"a":{"b":[{"c":[0]}]}}', limits)).toBe('depth')
    expect(jsonTextLimit('[[[[]]]],[[[[]]]]', limits)).toBeUndefined() // depth comes back down
  })

  it('never counts fewer values than there are', () => {
    expect(jsonTextLimit('[1,2,3,4,5,6,7,8,9]', limits)).toBeUndefined() // 10 values: the limit
    expect(jsonTextLimit('[1,2,3,4,5,6,7,8,9,10]', limits)).toBe('values')
    expect(jsonTextLimit('[[1,2,3],[4,5,6],[7]]', limits)).toBe('values') // 11 values
    expect(jsonTextLimit('{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10}', limits)).toBe('values')
    expect(jsonTextLimit('"one string"', limits)).toBeUndefined()
  })

  it('ignores brackets, braces, commas and escaped quotes inside strings', () => {
    expect(jsonTextLimit(`["${'[{,'.repeat(1_000)}"]`, limits)).toBeUndefined()
    expect(jsonTextLimit(`["\\"[[[[[[", "\\\\"]`, limits)).toBeUndefined()
    expect(jsonTextLimit(`["\\\\", [[[[0]]]]]`, limits)).toBe('depth') // the string ends after an escaped backslash
  })

  it('stops at the first limit passed, whatever follows', () => {
    const attack = `${'['.repeat(2_000)}${'0,'.repeat(500_000)}${']'.repeat(2_000)}`
    expect(jsonTextLimit(attack, { maxDepth: 64, maxValues: 20_000 })).toBe('depth')
    expect(jsonTextLimit(`[${'0,'.repeat(500_000)}0]`, { maxDepth: 64, maxValues: 20_000 })).toBe('values')
  })

  it('leaves text that is not JSON to the parser', () => {
    expect(jsonTextLimit(']]]]]]]]', limits)).toBeUndefined()
    expect(jsonTextLimit('"unterminated', limits)).toBeUndefined()
  })
})
