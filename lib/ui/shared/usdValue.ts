// USD values in whole cents, computed in bigint from a price feed's exact answer, so no amount
// passes through a JS number. Rounded half up to the cent.
import { groupThousands } from './formatAmount'

/** A feed answer: USD per whole token = answer / 10^decimals. */
export type UsdPrice = { answer: bigint; decimals: number }

export function usdCents(amount: bigint, tokenDecimals: number, price: UsdPrice): bigint {
  const scale = tokenDecimals + price.decimals - 2
  const product = amount * price.answer
  if (scale <= 0) return product * 10n ** BigInt(-scale)
  const divisor = 10n ** BigInt(scale)
  return (product + divisor / 2n) / divisor
}

export function formatUsd(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}$${groupThousands((abs / 100n).toString())}.${(abs % 100n).toString().padStart(2, '0')}`
}
