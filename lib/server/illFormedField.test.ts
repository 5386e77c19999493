import { describe, expect, it } from 'vitest'
import { illFormedField } from './illFormedField'

const lone = '\ud800'

describe('illFormedField', () => {
  it('names the first ill-formed string by its path, in document order', () => {
    expect(illFormedField({ a: [1, { b: 'ok' }], c: 'fine' })).toBeUndefined()
    expect(illFormedField({ a: [1, { b: `x${lone}` }], c: lone })).toBe('a.1.b')
    expect(illFormedField({ a: { deep: [[], [{}, ['ok', lone]]] } })).toBe('a.deep.1.1.1')
    expect(illFormedField([lone])).toBe('0')
    expect(illFormedField(lone)).toBe('')
    expect(illFormedField('😀')).toBeUndefined()
  })

  it('names the object holding an ill-formed key', () => {
    expect(illFormedField({ a: { [`k${lone}`]: 1 } })).toBe('a')
    expect(illFormedField({ [lone]: 1 })).toBe('')
  })

  it('walks a value nested 100,000 deep without the call stack, and 200,000 elements at depth 60 linearly', () => {
    let deep: unknown = [lone]
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(illFormedField(deep)?.split('.')).toHaveLength(100_001)

    const nested = (levels: number, bottom: unknown[]) => {
      let value: unknown = bottom
      for (let i = 0; i < levels; i++) value = [value]
      return value
    }
    const time = (value: unknown) => {
      const started = performance.now()
      illFormedField(value)
      return performance.now() - started
    }
    const wide = Array.from({ length: 200_000 }, () => 'ok')
    const median = (f: () => number) => [f(), f(), f()].sort((a, b) => a - b)[1] ?? 0
    const shallow = median(() => time(nested(1, wide)))
    const atDepth = median(() => time(nested(60, wide)))
    // A path copied per element (the old walk) made this 60 times the shallow walk.
    expect(atDepth / Math.max(shallow, 0.5)).toBeLessThan(5)
  })
})
