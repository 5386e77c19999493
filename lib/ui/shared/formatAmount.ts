// Token amounts for display: the exact decimal text from viem's formatUnits, grouped by thousands
// and cut (never rounded up) to a few fraction digits, so a balance is never shown larger than it is.
// A JS number never holds the amount.
import { formatUnits } from 'viem'

export type FormatAmountOptions = { maxFractionDigits?: number }

export function formatAmount(
  value: bigint,
  decimals: number,
  { maxFractionDigits = 6 }: FormatAmountOptions = {},
): string {
  const negative = value < 0n
  const [whole = '0', fraction = ''] = formatUnits(negative ? -value : value, decimals).split('.')
  const shown = fraction.slice(0, maxFractionDigits).replace(/0+$/, '')
  if (whole === '0' && !shown && /[1-9]/.test(fraction)) {
    return `${negative ? '>-' : '<'}0.${'0'.repeat(Math.max(0, maxFractionDigits - 1))}1`
  }
  return `${negative ? '-' : ''}${groupThousands(whole)}${shown ? `.${shown}` : ''}`
}

/** "1234567" → "1,234,567" (the dashboard writes numbers the same way in every locale). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
