// A deep re-org on two chains at once: intents of several route shapes settle side by side, then
// chain 10 is rolled back (anvil_rollback) and chain 8453 re-organised (anvil_reorg, empty blocks in
// place of the old ones) past every filler transaction they held: escrows, allocations, fills,
// releases and claims of many intents. The filler's account nonce goes back on both chains and the
// node forgets the dropped transactions (anvil puts none back in its pool), so every one of them
// must go out again in nonce order, whatever intent it belongs to. Every intent must be COMPLETED
// again with each journaled transaction on chain, and the settlement invariant hold from raw reads.

import { parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { journalOf, recentJournalOn } from '../../lib/storage/journalStore'
import { adversarialStack, routed, status } from '../support/adversary'
import { fundedAccount } from '../support/settlement'
import {
  type Amounts,
  heads,
  holdingsOf,
  journalOnChain,
  type SettledCase,
  settlementBreaches,
} from '../support/settlementInvariant'
import { shapes } from '../support/settlementMatrix'

const suite = adversarialStack('deep re-org suite')
/** The shapes whose filler transactions land on chains 10 and 8453, each settled twice. */
const picked = [
  'same-chain',
  'cross-chain-permit2',
  'cross-chain-lock',
  'multi-source-permit2',
  'multi-source-lock',
  'native-eth',
].map((name) => shapes.find((s) => s.name === name)!)
const reorgedChains = [10, 8453]

type Case = SettledCase & { id: string }

describe('deep re-org', () => {
  it('a re-org dropping every filler transaction on chains 10 and ' +
    '8453 at once: each intent completes again, the invariant holds', async () => {
    const chain = suite.s.chain
    await suite.stack.filler.stop()
    const since = await heads(chain)
    const fillerBefore: Amounts = await holdingsOf(chain, fillerAccount.address)
    const cases: Case[] = await Promise.all(
      [...picked, ...picked].map(async (shape, i) => {
        const account = await fundedAccount(chain, shape.funds)
        const { intentOp, signed } = await routed(account, shape.request)
        const before = await holdingsOf(chain, account.address)
        const submitted = await suite.s.submit(signed)
        expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
        return {
          label: `${shape.name} #${i}`,
          id: intentOp.nonce,
          intentOp,
          account: account.address,
          before,
          ownMoves: new Map(),
          final: undefined,
          finalAt: 0n,
        }
      }),
    )
    // Every account is funded and every intent submitted below these heights: the re-org drops only the filler's work.
    const base = await heads(chain)
    await suite.stack.filler.start()
    await untilAll(cases, (b) => b.status === 'COMPLETED', 'COMPLETED', 45_000)

    const dropped: string[] = []
    for (const c of cases)
      for (const e of await journalOf(suite.sql, c.id)) if (reorgedChains.includes(e.chainId)) dropped.push(e.hash)
    const fillerNonces = await Promise.all(
      reorgedChains.map((id) => chain.client(id).getTransactionCount({ address: fillerAccount.address })),
    )
    const [optimism, basechain] = reorgedChains.map((id) => chain.client(id))
    const depths = await Promise.all(
      reorgedChains.map(async (id) => Number((await chain.client(id).getBlockNumber({ cacheTime: 0 })) - base[id]!)),
    )
    await Promise.all([
      optimism!.request({ method: 'anvil_rollback', params: [depths[0]!] } as never),
      basechain!.request({ method: 'anvil_reorg', params: [depths[1]!, []] } as never),
    ])
    console.log(
      `[deep re-org] ${cases.length} intents; ${dropped.length} filler transactions dropped; ` +
        `depths ${depths.join(' and ')} blocks; filler nonces ${fillerNonces.join(', ')}`,
    )
    // Deep: back to below every filler transaction the intents hold on both chains (the filler's
    // nonce goes back, checked below); how many blocks that is depends on what the filler had
    // already sent on this stack (its one-time approvals are there when an earlier file ran).
    expect(
      depths.every((d) => d >= 5),
      `deep: ${depths}`,
    ).toBe(true)
    for (const [i, id] of reorgedChains.entries()) {
      expect(
        await chain.client(id).getTransactionCount({ address: fillerAccount.address }),
        `the filler's nonce on ${id} went back`,
      ).toBeLessThan(fillerNonces[i]!)
    }
    const reorgedAt = Date.now()
    await untilAll(
      cases,
      (b) => b.status === 'COMPLETED',
      'COMPLETED again with every journaled transaction on chain',
      20_000,
      onChain,
    )
    console.log(
      `[deep re-org] every intent COMPLETED again ${((Date.now() - reorgedAt) / 1000).toFixed(1)} s after the re-org`,
    )

    for (const c of cases) {
      c.final = await status(c.id)
      c.finalAt = await chain
        .client(Number(c.intentOp.elements.at(-1)!.mandate.destinationChainId))
        .getBlock()
        .then((b) => b.timestamp)
    }
    const breaches = await settlementBreaches(chain, cases, fillerBefore, since)
    expect(breaches, breaches.join('\n')).toEqual([])
  }, 90_000)
})

/** Polls every case (one request at a time) until `done` and `also`, for at most `ms`. */
async function untilAll(
  cases: Case[],
  done: (body: any) => boolean,
  what: string,
  ms: number,
  also?: (c: Case) => Promise<boolean>,
) {
  const waiting = new Set(cases)
  const until = Date.now() + ms
  while (waiting.size > 0) {
    for (const c of [...waiting]) if (done(await status(c.id)) && (!also || (await also(c)))) waiting.delete(c)
    if (waiting.size === 0) return
    if (Date.now() > until) {
      const lines = suite.stack.logs().split('\n')
      const late = await Promise.all(
        [...waiting].map(
          async (c) =>
            `${c.label} never reached ${what}: ${JSON.stringify(await status(c.id)).slice(0, 300)}\n${lines
              .filter((l) => l.includes(c.id))
              .slice(-8)
              .join('\n')}`,
        ),
      )
      const fillerTail = lines
        .filter((l) => l.includes('"service":"filler"') && !cases.some((c) => l.includes(c.id)))
        .slice(-30)
      throw new Error(
        `${waiting.size} of ${cases.length} intents:\n${late.join('\n')}\n${await fillerNonces()}\nthe ` +
          `filler's last other lines:\n${fillerTail.join('\n')}`,
      )
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** For a stall: per chain, the filler's mined and pending nonce and every journaled transaction at
 * or above the mined one (nonce, hash, mined or not), so a nonce nobody sent shows. */
async function fillerNonces(): Promise<string> {
  const out: string[] = []
  for (const id of [10, 8453, 42161]) {
    const client = suite.s.chain.client(id)
    const [mined, pending] = await Promise.all(
      ['latest', 'pending'].map((blockTag) =>
        client.getTransactionCount({ address: fillerAccount.address, blockTag: blockTag as 'latest' }),
      ),
    )
    const above = (await recentJournalOn(suite.sql, id, 3_600))
      .map((e) => ({ nonce: parseTransaction(e.raw).nonce ?? -1, hash: e.hash }))
      .filter((e) => e.nonce >= mined!)
    const rows = await Promise.all(
      above
        .sort((a, b) => a.nonce - b.nonce)
        .map(
          async (e) =>
            `${e.nonce}:${e.hash.slice(0, 10)}` +
            `${(await client.getTransactionReceipt({ hash: e.hash }).catch(() => undefined)) ? ' mined' : ''}`,
        ),
    )
    out.push(
      `chain ${id}: filler nonce mined ${mined}, pending ${pending}; ` +
        `journaled from ${mined}: ${rows.join(', ') || 'none'}`,
    )
  }
  return out.join('\n')
}

/** Whether every transaction the intent journaled is mined and succeeded. */
const onChain = (c: Case) => journalOnChain(suite.s.chain, suite.sql, c.id)
