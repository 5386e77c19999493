// Escrow with refund (PERMIT2), PENDING: after the checks, each element's escrow into its origin
// arbiter (for an ACCOUNT_ESCROW route, the account's own ops relayed through the intent executor);
// all in place, the intent is CLAIMED.
import { elementPart } from '../settlementCalls'
import { completedClaims, eachElement } from './eachElement'
import { claimOf, type Pass, passNow } from './ports'
import { preflight, SAFETY_SECONDS } from './preflight'
import { advance, failed, stepVerdict, type Verdict } from './verdict'

const escrowStep = (elementIndex: number) => `escrow:${elementIndex}`

export async function escrow(pass: Pass): Promise<Verdict> {
  const { plan, ports } = pass
  const started =
    pass.claims.some((c) => c.status === 'COMPLETED') ||
    plan.elements.some((e) => ports.journal.has(escrowStep(e.elementIndex)))
  if (!started) {
    const stop = await preflight(pass, plan.elements)
    if (stop) return stop
  }
  const todo = plan.elements.filter((e) => claimOf(pass, e.elementIndex).status !== 'COMPLETED')
  const unsigned = todo.some((e) => !ports.journal.has(escrowStep(e.elementIndex)))
  if (unsigned && (await passNow(pass)) + SAFETY_SECONDS >= pass.deadline)
    return failed(`expired: its fill deadline ${pass.deadline} came before every escrow was in place`, {
      refundable: true,
    })
  const { done, failure } = await eachElement(todo, (e) =>
    ports.journal.send(escrowStep(e.elementIndex), elementPart(e, 'escrow')),
  )
  for (const { element: e, result } of done)
    ports.log('element escrowed', { id: pass.id, element: e.elementIndex, chainId: e.chainId, tx: result.hash })
  const claims = completedClaims(pass.claims, done)
  if (failure)
    return stepVerdict(failure.error, (m) => `the escrow of element ${failure.element.elementIndex} failed: ${m}`, {
      refundable: true,
      update: { claims },
    })
  return advance('escrowed', { claims })
}
