// One step per element, sent at once (each on its own origin chain, or batched on a shared one).
import type { ClaimRecord } from '../../core/intent/intentRecords'
import type { StepResult } from '../sendStep'
import type { ElementPlan } from '../settlementCalls'

export type ElementsSent = {
  /** What went through, in element order. */
  done: { element: ElementPlan; result: StepResult }[]
  /** The first element (in element order) whose step threw, and what it threw. */
  failure?: { element: ElementPlan; error: unknown }
}

export async function eachElement(
  elements: readonly ElementPlan[],
  step: (e: ElementPlan) => Promise<StepResult>,
): Promise<ElementsSent> {
  const results = await Promise.allSettled(elements.map((e) => step(e)))
  const sent: ElementsSent = { done: [] }
  results.forEach((r, i) => {
    const element = elements[i]
    if (!element) return
    if (r.status === 'fulfilled') sent.done.push({ element, result: r.value })
    else sent.failure ??= { element, error: r.reason }
  })
  return sent
}

/** The claim records with each of these elements' step recorded as its completed claim. */
export function completedClaims(claims: readonly ClaimRecord[], done: ElementsSent['done']): ClaimRecord[] {
  return claims.map((claim, i) => {
    const sent = done.find((d) => d.element.elementIndex === i)
    return sent ? { ...claim, status: 'COMPLETED', txHash: sent.result.hash, timestamp: sent.result.timestamp } : claim
  })
}
