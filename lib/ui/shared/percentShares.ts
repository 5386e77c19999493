// Whole-number percentages that add up to exactly 100 (largest remainder): each part gets its
// floor, and the points left over go to the parts with the largest remainders.

/** One percentage per part, summing to 100 when the parts sum to more than 0 (else all 0). */
export function percentShares(parts: readonly bigint[]): number[] {
  const whole = parts.reduce((a, b) => a + b, 0n)
  if (whole <= 0n) return parts.map(() => 0)
  const shares = parts.map((p, i) => {
    const floor = (p * 100n) / whole
    return { i, points: floor, rest: p * 100n - floor * whole }
  })
  let left = 100n - shares.reduce((a, s) => a + s.points, 0n)
  // Ties go to the earlier part, so the answer is stable.
  const byRemainder = [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))
  for (const share of byRemainder) {
    if (left === 0n) break
    share.points += 1n
    left -= 1n
  }
  return shares.map((s) => Number(s.points))
}
