import { describe, expect, it } from 'vitest'
import type { IntentStatus } from '../../core/intent/intentRecords'
import type { StoredIntent } from '../../storage/intentStore'
import type { Sql } from '../../storage/sql'
import { settleIntent } from './settleStoredIntent'

/** A locked-funds intent from chain 10 to 42161, in `status`; the filler has no RPC URL for 42161. */
function unplannable(status: IntentStatus) {
  const element = {
    chainId: '10',
    mandate: {
      destinationChainId: '42161',
      qualifier: { settlementContext: { settlementLayer: 'ACROSS', fundingMethod: 'COMPACT', using7579: false } },
    },
  }
  const intent = {
    nonce: '7',
    status,
    claims: [{ elementIndex: 0, chainId: 10, status: status === 'PENDING' ? 'PENDING' : 'COMPLETED' }],
    refunds: [],
    simulationReverts: 0,
    signedIntentOp: { nonce: '7', elements: [element], originSignatures: ['0x01'] },
  } as unknown as StoredIntent
  const writes: unknown[][] = []
  const sql: Pick<Sql, 'query'> = {
    query: async <Row>(text: string, params?: readonly unknown[]) => {
      if (/^\s*UPDATE intents/i.test(text)) writes.push([...(params ?? [])])
      return [] as Row[]
    },
  }
  const logs: string[] = []
  const run = () =>
    settleIntent({
      sql,
      intent,
      chains: new Map(),
      nowSeconds: () => 1_000n,
      log: (event) => void logs.push(event),
      attesterAlive: async () => true,
    })
  return { run, writes, logs }
}

describe('settleIntent, an intent no plan can be made for', () => {
  it('fails it at once when nothing was sent for it', async () => {
    const { run, writes, logs } = unplannable('PENDING')
    expect(await run()).toBe('final')
    expect(writes).toHaveLength(1)
    expect(JSON.stringify(writes[0])).toContain('cannot be settled: no RPC URL for chain 42161')
    expect(logs).toEqual(['intent failed'])
  })

  it('never abandons one that was started: the pass fails until the configuration is back', async () => {
    for (const status of ['CLAIMED', 'FILLED', 'FAILED'] as const) {
      const { run, writes } = unplannable(status)
      await expect(run()).rejects.toThrow('no RPC URL for chain 42161')
      expect(writes).toEqual([])
    }
  })
})
