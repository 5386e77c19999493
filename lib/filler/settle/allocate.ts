// Fill first (COMPACT), PENDING: after the checks, each element's allocation (its claim registered
// with the allocator, so nothing the sponsor does afterwards can unfund the locks it needs), then
// the fill from the filler's inventory.
import { elementPart } from '../settlementCalls'
import { eachElement } from './eachElement'
import { fill } from './fill'
import type { Pass } from './ports'
import { preflight } from './preflight'
import { stepVerdict, type Verdict } from './verdict'

export async function allocate(pass: Pass): Promise<Verdict> {
  const { plan, ports } = pass
  if (!ports.journal.has('fill')) {
    const stop = await preflight(pass, [])
    if (stop) return stop
    const { failure } = await eachElement(plan.elements, (e) =>
      ports.journal.send(`allocate:${e.elementIndex}`, elementPart(e, 'allocate')),
    )
    if (failure)
      return stepVerdict(
        failure.error,
        (m) =>
          `the allocator refused element ${failure.element.elementIndex}: ${m}; nothing was sent to the destination`,
      )
  }
  return fill(pass)
}
