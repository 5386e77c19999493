// The portfolio read: select tokens, read them live from chain, aggregate. A chain that does not
// answer is left out with a warning; only when none answers is the read unavailable. A chain the
// filters name that is not served is left out too, and named.
import type { Address, Hex } from 'viem'
import { type ChainWarning, requireSome, settleChains } from '../chainState/settleChains'
import type { TtlCache } from '../chainState/ttlCache'
import { getChain } from '../chains/chains'
import { aggregatePortfolio, type PortfolioEntry } from './aggregatePortfolio'
import { type ChainBalances, type ChainReader, readBalances } from './readBalances'
import { selectTokens, type TokenSelector } from './selectTokens'

export type GetPortfolioParameters = {
  account: Address
  readers: readonly ChainReader[]
  lockTags: readonly Hex[]
  chainIds?: readonly number[]
  tokens?: readonly TokenSelector[]
  filterEmpty: boolean
  /** Reuse of a chain's balances: at most one block time of that chain, and at most `maxAgeMs`. */
  cache?: { balances: TtlCache<ChainBalances>; maxAgeMs: number }
}

/** `blocks`: the block each answering chain was read at (how fresh the balances are);
 * `unsupportedChainIds`: chains the filters named that are not served here, left out. */
export type PortfolioResult = {
  entries: PortfolioEntry[]
  warnings: ChainWarning[]
  blocks: { chainId: number; blockNumber: bigint }[]
  unsupportedChainIds: number[]
}

export async function getPortfolio(p: GetPortfolioParameters): Promise<PortfolioResult> {
  const servedChainIds = p.readers.map((r) => r.chainId)
  const { tokens, unsupportedChainIds } = selectTokens({ servedChainIds, chainIds: p.chainIds, tokens: p.tokens })
  const readers = p.readers.filter((r) => tokens.some((t) => t.chainId === r.chainId))
  const read = async (chainId: number) => {
    const [balances] = await readBalances({
      account: p.account,
      readers: readers.filter((r) => r.chainId === chainId),
      tokens,
      lockTags: p.lockTags,
    })
    if (!balances) throw new Error(`getPortfolio: no balances read for chain ${chainId}`)
    return balances
  }
  const cachedRead =
    ({ balances, maxAgeMs }: NonNullable<GetPortfolioParameters['cache']>) =>
    (chainId: number) => {
      const bound = Math.min(maxAgeMs, getChain(chainId)?.blockTimeMs ?? 0)
      const key = [
        chainId,
        p.account,
        ...tokens.filter((t) => t.chainId === chainId).map((t) => t.address),
        ...p.lockTags,
      ].join('|')
      return balances.get(
        key,
        () => read(chainId),
        () => bound,
      )
    }
  const { results, warnings } = await settleChains(
    readers.map((r) => r.chainId),
    p.cache && p.cache.maxAgeMs > 0 ? cachedRead(p.cache) : read,
  )
  requireSome(results, warnings)
  const chains = [...results.values()]
  return {
    entries: aggregatePortfolio({ chains, filterEmpty: p.filterEmpty }),
    warnings,
    blocks: chains
      .map((c) => ({ chainId: c.chainId, blockNumber: c.blockNumber }))
      .sort((a, b) => a.chainId - b.chainId),
    unsupportedChainIds,
  }
}
