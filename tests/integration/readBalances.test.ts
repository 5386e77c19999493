// The balance reader straight over viem clients on the devnet: one eth_call per chain, chunking
// that keeps one block, and failures that name the chain and the call.
import { type Chain, createPublicClient, http, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { chains, getChain } from '../../lib/core/chains/chains'
import { ChainUnavailableError } from '../../lib/core/errors'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockTag } from '../../lib/core/locks/lockId'
import { type ChainReader, readBalances } from '../../lib/core/portfolio/readBalances'
import { type TokenInfo, tokens } from '../../lib/core/tokens/tokens'
import { freePort } from '../../lib/devnet/anvil'
import { devnetActions } from '../support/devnetActions'

const rpcUrls = inject('rpcUrls')
const chain = devnetActions(rpcUrls)
const demo = inject('demoAddress')

function readers(
  onRequest?: (chainId: number, body: string) => void,
  urls: Record<number, string> = rpcUrls,
): ChainReader[] {
  return chains.map((c) => ({
    chainId: c.id,
    client: createPublicClient({
      chain: c.viem as Chain,
      transport: http(urls[c.id], { onFetchRequest: (_, init) => void onRequest?.(c.id, String(init.body)) }),
    }),
  }))
}
const manyTags = Array.from({ length: 20 }, (_, i) =>
  lockTag({ allocator: `0x${(i + 1).toString(16).padStart(40, '0')}`, resetPeriod: i % 8, scope: 0 }),
)

describe('readBalances', () => {
  it('sends exactly one eth_call per chain', async () => {
    const sent: number[] = []
    const result = await readBalances({
      account: demo,
      readers: readers((id) => sent.push(id)),
      tokens,
      lockTags: [defaultLockTag],
    })
    expect(sent.sort()).toEqual([1, 10, 42161, 8453])
    expect(result.find((c) => c.chainId === 10)!.balances.find((b) => b.token.symbol === 'USDC')!.locked).toBe(
      parseUnits('500', 6),
    )
  })

  it('splits a large read into chunks pinned to one block, with the same answer', async () => {
    const owner = chain.freshAccount()
    await chain.setEth(8453, owner.address, 10n ** 18n)
    await chain.mint(8453, 'USDC', owner.address, 1_000n)
    await chain.lockErc20(8453, owner, 'USDC', 300n, manyTags[7]!)
    const base = tokens.filter((t) => t.chainId === 8453)
    const calls: string[] = []
    const [chunked] = await readBalances({
      account: owner.address,
      readers: readers((_, b) => calls.push(b)),
      tokens: base,
      lockTags: manyTags,
      chunkSize: 7,
    })
    const [whole] = await readBalances({ account: owner.address, readers: readers(), tokens: base, lockTags: manyTags })
    expect(chunked).toEqual(whole)
    // 1 + 3 tokens + 3 × 20 locks = 64 calls → 10 chunks, each an eth_call at the same explicit block.
    const ethCalls = calls.map((b) => JSON.parse(b)).filter((b) => b.method === 'eth_call')
    expect(ethCalls).toHaveLength(10)
    expect(new Set(ethCalls.map((c) => c.params[1])).size).toBe(1)
    expect(ethCalls[0].params[1]).not.toBe('latest')
    const usdc = chunked!.balances.find((b) => b.token.symbol === 'USDC')!
    expect(usdc).toMatchObject({ unlocked: 700n, locked: 300n })
    expect(usdc.locks.filter((l) => l.amount > 0n).map((l) => l.lockTag)).toEqual([manyTags[7]])
  })

  it('names the call when a token has no contract behind it', async () => {
    const ghost: TokenInfo = {
      ...tokens.find((t) => t.chainId === 8453 && t.symbol === 'USDC')!,
      symbol: 'GHOST',
      address: '0x000000000000000000000000000000000000dEaD',
    }
    const run = readBalances({ account: demo, readers: readers(), tokens: [ghost], lockTags: [defaultLockTag] })
    await expect(run).rejects.toThrow(ChainUnavailableError)
    await expect(run).rejects.toMatchObject({
      chainId: 8453,
      details: [{ context: { reason: expect.stringMatching(/GHOST balance/) } }],
    })
  })

  it('reports an unreachable chain as unavailable, naming it', async () => {
    const dead = { ...rpcUrls, 42161: `http://127.0.0.1:${await freePort()}` }
    const run = readBalances({ account: demo, readers: readers(undefined, dead), tokens, lockTags: [defaultLockTag] })
    await expect(run).rejects.toThrow(`Chain 42161 is unavailable`)
    expect(getChain(42161)).toBeDefined()
  })
})
