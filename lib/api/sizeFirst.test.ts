import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { sizeFirst } from './sizeFirst'

describe('sizeFirst', () => {
  const list = sizeFirst(z.array(z.object({ a: z.string() })).max(3), 3, 'at most 3 entries')
  const record = sizeFirst(z.record(z.string().regex(/^\d+$/), z.number()), 3, 'at most 3 keys')

  it('refuses an oversized list or record with one issue, before any entry is validated', () => {
    const entries = Array.from({ length: 100_000 }, () => ({ a: 1 }))
    const issues = list.safeParse(entries).error?.issues
    expect(issues?.map((i) => i.message)).toEqual(['at most 3 entries'])
    const keys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`bad${i}`, 'x']))
    expect(record.safeParse(keys).error?.issues.map((i) => i.message)).toEqual(['at most 3 keys'])
  })

  it('validates the entries of one within its size as the schema inside says, at their paths', () => {
    expect(list.safeParse([{ a: 'x' }]).data).toEqual([{ a: 'x' }])
    expect(list.safeParse([{ a: 'x' }, { a: 1 }]).error?.issues[0]?.path).toEqual([1, 'a'])
    expect(record.safeParse({ '1': 2 }).data).toEqual({ '1': 2 })
    expect(z.object({ l: list }).safeParse({ l: Array(4).fill({ a: 'x' }) }).error?.issues[0]?.path).toEqual(['l'])
    expect(list.safeParse('not a list').success).toBe(false)
  })

  it('keeps the bound and the entries in the OpenAPI schema', () => {
    const documented = z.toJSONSchema(list, { io: 'input' })
    expect(documented).toMatchObject({ type: 'array', maxItems: 3, items: { type: 'object' } })
  })
})
