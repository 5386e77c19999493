// After a re-org the filler's account nonce on a chain goes back, and the node forgets the
// transactions it dropped (anvil puts none back in its pool). A transaction re-sent above a nonce
// nobody sends again never mines, so the intents behind it wait for ever: whichever intent a
// dropped transaction belonged to (one the finality watch does not reopen, an allocation, a refund)
// it must go out again, in nonce order. This compares the chain's confirmed nonce for the filler
// with the journal and, for every nonce from it to the highest journaled, re-broadcasts the
// journaled bytes at that nonce or, where nothing journaled can fill it, a 0-value transfer to the
// filler itself (it moves nothing but gas), so the transactions above it can be mined.
import { type Hex, parseTransaction } from 'viem'
import { alreadyKnown, feeTooLow, nonceUsed } from './sendBatch'

/** A journaled transaction of the filler's on the chain, with its account nonce. */
export type NoncedTransaction = { nonce: number; raw: Hex }

export type GapChain = {
  /** The filler's next nonce counting mined transactions only. */
  minedNonce: () => Promise<number>
  /** The chain's journaled transactions of the filler's signed at `from` or above. */
  journaled: (from: number) => Promise<NoncedTransaction[]>
  broadcast: (raw: Hex) => Promise<void>
  /** A signed 0-value transfer from the filler to itself at `nonce`. */
  selfTransfer: (nonce: number) => Promise<Hex>
  /** Throws when this process may no longer send (the filler's lease lapsed). */
  fence: () => void
}

/** A broadcast error that says the nonce already holds a transaction (pending or mined). */
const taken = (error: unknown) =>
  alreadyKnown(error) || nonceUsed(error) || /underpriced|replacement/i.test(String((error as Error)?.message))

/** Fills every nonce between the chain's confirmed one and the highest journaled: what was re-sent
 * and what was filled with a transfer to itself. */
export async function refillNonces(chain: GapChain): Promise<{ resent: number; filled: number }> {
  const mined = await chain.minedNonce()
  const journaled = await chain.journaled(mined)
  if (journaled.length === 0) return { resent: 0, filled: 0 }
  const byNonce = new Map<number, Hex[]>()
  for (const t of journaled) byNonce.set(t.nonce, [...(byNonce.get(t.nonce) ?? []), t.raw])
  const top = Math.max(...byNonce.keys())
  let resent = 0
  let filled = 0
  for (let nonce = mined; nonce <= top; nonce++) {
    chain.fence()
    const raws = byNonce.get(nonce)
    if (!raws) {
      await chain.broadcast(await chain.selfTransfer(nonce)).catch((error: unknown) => {
        if (!taken(error)) throw error
      })
      filled++
      continue
    }
    // Two entries at one nonce (one signed again after the other could not be mined): the first
    // the node takes holds the nonce, the other is forgotten by its step when it is never mined.
    // Bytes whose fee the chain has outgrown are left to their step, which replaces them at their
    // nonce (sendStep); the nonces above still go out, to wait for it in the pool.
    for (const raw of raws) {
      await chain.broadcast(raw).catch((error: unknown) => {
        if (!taken(error) && !feeTooLow(error)) throw error
      })
    }
    resent++
  }
  return { resent, filled }
}

/** Journaled transactions by chain, each chain's in account-nonce order (what a restarted filler
 * re-sends first): read from the signed bytes, whatever order the journal was read in. */
export function inNonceOrder<T extends { chainId: number; raw: Hex }>(entries: readonly T[]): T[] {
  const nonceOf = (raw: Hex) => {
    try {
      return parseTransaction(raw).nonce ?? Number.MAX_SAFE_INTEGER
    } catch {
      return Number.MAX_SAFE_INTEGER // bytes that do not parse go last; the node refuses them anyway
    }
  }
  return entries
    .map((entry, index) => ({ entry, index, nonce: nonceOf(entry.raw) }))
    .sort((a, b) => a.entry.chainId - b.entry.chainId || a.nonce - b.nonce || a.index - b.index)
    .map((e) => e.entry)
}
