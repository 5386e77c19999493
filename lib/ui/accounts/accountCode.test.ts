import { describe, expect, it } from 'vitest'
import { nexus } from '../../core/accounts/smartAccounts'
import { accountCodeKind, chainsWhere } from './accountCode'

const delegation = (to: string) => `0xef0100${to.slice(2).toLowerCase()}` as const

describe('accountCodeKind', () => {
  it('tells no code, a delegation to Nexus or elsewhere, and a contract apart', () => {
    expect(accountCodeKind(undefined)).toBe('none')
    expect(accountCodeKind('0x')).toBe('none')
    expect(accountCodeKind(delegation(nexus.implementation))).toBe('nexus-delegation')
    expect(accountCodeKind(delegation('0x000000000000000000000000000000000000dEaD'))).toBe('other-delegation')
    expect(accountCodeKind('0x6080604052')).toBe('contract')
    // A designator with trailing bytes is not one.
    expect(accountCodeKind(`${delegation(nexus.implementation)}00`)).toBe('contract')
  })

  it('lists the chains whose code is of a kind', () => {
    const codes = { 1: '0x', 10: delegation(nexus.implementation), 8453: '0x6080' } as const
    expect(chainsWhere(codes, 'nexus-delegation')).toEqual([10])
    expect(chainsWhere(codes, 'none')).toEqual([1])
  })
})
