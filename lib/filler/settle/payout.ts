// FILLED, once the attester signed the fill: each escrow released to the filler (PERMIT2) or each
// element's locks claimed (COMPACT); every step checked still buried on its chain; then the calls on
// arrival, and the intent is COMPLETED.
import { arbiterRefundDelaySeconds } from '../../core/abi/arbiter'
import { elementPart, type SignedAttestation, type Step } from '../settlementCalls'
import { completeWith } from './complete'
import { completedClaims, eachElement } from './eachElement'
import { claimOf, type Pass, passNow } from './ports'
import { failed, stepVerdict, type Verdict, wait } from './verdict'

export async function payout(pass: Pass): Promise<Verdict> {
  const { plan, ports } = pass
  const compact = plan.funding === 'COMPACT'
  const kind = compact ? 'claim' : 'release'
  const proof = await ports.store.attestation()
  // Until the proof could no longer pay: the claim window (COMPACT), the refund opening (PERMIT2).
  const lastUseful = compact ? pass.expires : pass.deadline + arbiterRefundDelaySeconds
  if (!proof)
    return (await passNow(pass)) > lastUseful
      ? failed(`delivered, but no attestation of the fill arrived before ${lastUseful}`)
      : wait('attestation')
  // An escrow's claim record is its escrow: every release is sent (journaled once, then re-checked).
  const todo = compact
    ? plan.elements.filter((e) => claimOf(pass, e.elementIndex).status !== 'COMPLETED')
    : plan.elements
  const { done, failure } = await eachElement(todo, (e) =>
    ports.journal.send(`${kind}:${e.elementIndex}`, e.payout(proof)),
  )
  for (const { element: e, result } of done) {
    const fields = { id: pass.id, element: e.elementIndex, chainId: e.chainId, tx: result.hash }
    ports.log(compact ? 'element claimed' : 'escrow released', fields)
  }
  const update = compact ? { claims: completedClaims(pass.claims, done) } : {}
  if (failure)
    return stepVerdict(
      failure.error,
      (m) => `delivered, but the ${kind} of element ${failure.element.elementIndex} failed: ${m}`,
      { update },
    )
  await reconfirm(pass, proof)
  return completeWith(pass, 'paid', update)
}

/** Before COMPLETED: every step is still on chain, buried under its chain's depth, with its proof. A
 * step a re-org dropped is sent again as its journaled bytes (sendStep); one that can no longer be
 * mined throws, and the next pass takes the intent up from there. */
async function reconfirm(pass: Pass, proof: SignedAttestation): Promise<void> {
  const { plan } = pass
  const compact = plan.funding === 'COMPACT'
  const steps: [string, Step][] = [
    ...(compact
      ? []
      : plan.elements.map((e): [string, Step] => [`escrow:${e.elementIndex}`, elementPart(e, 'escrow')])),
    ['fill', { call: plan.fill.call, proof: plan.fill.proof }],
    ...plan.elements.map((e): [string, Step] => [
      `${compact ? 'claim' : 'release'}:${e.elementIndex}`,
      e.payout(proof),
    ]),
  ]
  await Promise.all(steps.map(([name, step]) => pass.ports.journal.send(name, step)))
}
