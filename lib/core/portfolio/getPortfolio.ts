// The portfolio read: select tokens, read them live from chain, aggregate. A chain that does not
// answer is left out with a warning; only when none answers is the read unavailable.
import type { Address, Hex } from 'viem'
import { requireSome, settleChains, type ChainWarning } from '../chainState/settleChains'
import { aggregatePortfolio, type PortfolioEntry } from './aggregatePortfolio'
import { readBalances, type ChainReader } from './readBalances'
import { selectTokens, type TokenSelector } from './selectTokens'

export type GetPortfolioParameters = {
  account: Address
  readers: readonly ChainReader[]
  lockTags: readonly Hex[]
  chainIds?: readonly number[]
  tokens?: readonly TokenSelector[]
  filterEmpty: boolean
}

export type PortfolioResult = { entries: PortfolioEntry[]; warnings: ChainWarning[] }

export async function getPortfolio(p: GetPortfolioParameters): Promise<PortfolioResult> {
  const tokens = selectTokens({ servedChainIds: p.readers.map((r) => r.chainId), chainIds: p.chainIds, tokens: p.tokens })
  const readers = p.readers.filter((r) => tokens.some((t) => t.chainId === r.chainId))
  const { results, warnings } = await settleChains(
    readers.map((r) => r.chainId),
    async (chainId) => (await readBalances({ account: p.account, readers: readers.filter((r) => r.chainId === chainId), tokens, lockTags: p.lockTags }))[0]!,
  )
  requireSome(results, warnings)
  return { entries: aggregatePortfolio({ chains: [...results.values()], filterEmpty: p.filterEmpty }), warnings }
}
