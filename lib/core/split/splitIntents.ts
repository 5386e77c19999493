// How wanted amounts split into intents the available liquidity can fill (POST /intents/split).
// Liquidity is what the filler holds on the destination chain, per token: an intent may carry at
// most that, and a wanted amount larger than it cannot be filled at all right now.
import type { Address } from 'viem'

export type SplitResult =
  | { ok: true; intents: Record<Address, bigint>[] }
  | { ok: false; availableIntents: Record<Address, bigint>[]; unfillable: Record<Address, bigint> }

export function splitIntents(
  wanted: ReadonlyMap<Address, bigint>,
  available: ReadonlyMap<Address, bigint>,
): SplitResult {
  const fillable: Record<Address, bigint> = {}
  const unfillable: Record<Address, bigint> = {}
  for (const [token, amount] of wanted) {
    const liquidity = available.get(token) ?? 0n
    const part = amount < liquidity ? amount : liquidity
    if (part > 0n) fillable[token] = part
    if (amount > part) unfillable[token] = amount - part
  }
  const intents = Object.keys(fillable).length > 0 ? [fillable] : []
  return Object.keys(unfillable).length === 0
    ? { ok: true, intents }
    : { ok: false, availableIntents: intents, unfillable }
}
