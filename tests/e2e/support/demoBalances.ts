// What the portfolio should show for the demo account, computed from the devnet's seeds
// (lib/devnet/demoAccount.ts) with the same token registry the service uses.
import { getChain } from '../../../lib/core/chains/chains'
import { findTokenBySymbol } from '../../../lib/core/tokens/tokens'
import { demoSeeds } from '../../../lib/devnet/demoAccount'
import { formatAmount } from '../../../lib/ui/shared/formatAmount'

export type ExpectedAmounts = { total: string; unlocked: string; locked: string }
export type ExpectedToken = ExpectedAmounts & { chains: (ExpectedAmounts & { chainName: string; symbol: string })[] }

export function expectedDemoBalances(): Map<string, ExpectedToken> {
  const sums = new Map<
    string,
    {
      decimals: number
      locked: bigint
      unlocked: bigint
      chains: Map<string, { chainName: string; symbol: string; locked: bigint; unlocked: bigint }>
    }
  >()
  for (const seed of demoSeeds) {
    const group = findTokenBySymbol(seed.chainId, seed.symbol)!.extensions.group
    const entry = sums.get(group) ?? { decimals: seed.decimals, locked: 0n, unlocked: 0n, chains: new Map() }
    const key = `${seed.chainId}:${seed.symbol}`
    const row = entry.chains.get(key) ?? {
      chainName: getChain(seed.chainId)!.name,
      symbol: seed.symbol,
      locked: 0n,
      unlocked: 0n,
    }
    const side = seed.locked ? 'locked' : 'unlocked'
    entry[side] += seed.amount
    row[side] += seed.amount
    entry.chains.set(key, row)
    sums.set(group, entry)
  }
  const show = (decimals: number, a: { locked: bigint; unlocked: bigint }): ExpectedAmounts => ({
    total: formatAmount(a.locked + a.unlocked, decimals),
    unlocked: formatAmount(a.unlocked, decimals),
    locked: formatAmount(a.locked, decimals),
  })
  return new Map(
    [...sums].map(([group, e]) => [
      group,
      { ...show(e.decimals, e), chains: [...e.chains.values()].map((c) => ({ ...c, ...show(e.decimals, c) })) },
    ]),
  )
}
