// The portfolio read: select tokens, read them live from chain, aggregate.
import type { Address, Hex } from 'viem'
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

export async function getPortfolio(p: GetPortfolioParameters): Promise<PortfolioEntry[]> {
  const tokens = selectTokens({ servedChainIds: p.readers.map((r) => r.chainId), chainIds: p.chainIds, tokens: p.tokens })
  const chains = await readBalances({ account: p.account, readers: p.readers, tokens, lockTags: p.lockTags })
  return aggregatePortfolio({ chains, filterEmpty: p.filterEmpty })
}
