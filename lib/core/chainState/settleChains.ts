// Runs one read per chain and keeps going when some chains fail: what failed becomes a warning
// naming the chain, so an answer can be given from the chains that did answer.
import { ChainUnavailableError } from '../errors'

export type ChainWarning = { code: 'CHAIN_UNAVAILABLE'; chainId: number; message: string }

export async function settleChains<T>(
  chainIds: readonly number[],
  read: (chainId: number) => Promise<T>,
): Promise<{ results: Map<number, T>; warnings: ChainWarning[] }> {
  const settled = await Promise.allSettled(chainIds.map(read))
  const results = new Map<number, T>()
  const warnings: ChainWarning[] = []
  chainIds.forEach((chainId, i) => {
    const s = settled[i]
    if (!s) throw new Error(`settleChains: no outcome for chain ${chainId}`)
    if (s.status === 'fulfilled') results.set(chainId, s.value)
    else if (s.reason instanceof ChainUnavailableError) {
      const reason = s.reason.details[0]?.context?.reason
      warnings.push({
        code: 'CHAIN_UNAVAILABLE',
        chainId,
        message: `Chain ${chainId} is unavailable${typeof reason === 'string' ? `: ${reason}` : ''}; it is left out`,
      })
    } else throw s.reason
  })
  return { results, warnings }
}

/** Throws the unavailability of the first failed chain when nothing answered at all. */
export function requireSome(results: ReadonlyMap<number, unknown>, warnings: readonly ChainWarning[]): void {
  const [first] = warnings
  if (results.size === 0 && first)
    throw new ChainUnavailableError(first.chainId, warnings.map((w) => w.message).join('; '))
}
