import { describe, expect, it } from 'vitest'
import { accountOperationsOf } from './intentOperation'

const h = (c: string) => `0x${c.repeat(64)}` as const

describe('accountOperationsOf', () => {
  it("names the filler's account steps, in journal order, and leaves the settlement's own out", () => {
    const journal = [
      { step: 'setup:10', chainId: 10, hash: h('a') },
      { step: 'claim:0', chainId: 10, hash: h('b') },
      { step: 'preclaim:0', chainId: 10, hash: h('c') },
      { step: 'fill', chainId: 8453, hash: h('d') },
      { step: 'destination-ops', chainId: 8453, hash: h('e') },
    ]
    expect(accountOperationsOf(journal)).toEqual([
      { kind: 'setup', chainId: 10, transactionHash: h('a') },
      { kind: 'preClaim', chainId: 10, transactionHash: h('c') },
      { kind: 'destinationCalls', chainId: 8453, transactionHash: h('e') },
    ])
  })
})
