// Plans where the money for a route comes from.
//
// The rule. A route is signed with ONE scheme (the client looks at the whole route: any
// INTENT_EXECUTOR element → SingleChainOps for all, else any PERMIT2 element → a Permit2 signature
// for all, else The Compact), and one nonce covers every element (Permit2 nonces are single-use per
// owner, The Compact consumes its nonce per chain). So every plan is:
//   - one funding method for all its allocations: all COMPACT (locked funds), all PERMIT2 (unlocked
//     ERC-20s, native ETH wrapped to WETH first) or all NO_FUNDING (OFT sends run by the intent
//     executor) — never a mix;
//   - at most one element per source chain: everything drawn on a chain shares one settlement layer
//     (the one cheapest for what that chain moves) and one funding method.
// Each scheme that has sources is planned on its own, and the cheapest plan that fulfils every
// request and the fee wins (ties: COMPACT, then PERMIT2, then NO_FUNDING; with a max request, the
// plan that delivers the most wins first). When no scheme fulfils, the plan that covers the most —
// the USD value of everything it draws, which is capped at what is needed — is returned so the
// shortfall report names what is really missing (ties: the cheaper).
//
// The objective minimised is the route's total cost in USD (8 decimals) under the fee model, who
// ever pays it: origin claim gas per element (base + per token, plus the OP-stack L1 data fee), the
// fixed bridge fee once per element that bridges, the proportional bridge fee (bps, or what an OFT
// keeps), LayerZero's native fee, the destination fill and the protocol fee (the last two do not
// depend on the sources). See planCostUsd8.
//
// Why the search is exact. For a given fee, a source chain costs a fixed charge once used (its
// claim gas, per token drawn, and the fixed bridge fee) plus, per layer, a linear part in what it
// moves; the cheapest layer for an amount makes a chain's cost a concave function of its amounts.
// A concave cost over the polytope {Σ amounts of an asset = need, 0 ≤ amount ≤ available/cap} is
// smallest at a vertex: per asset, every source used is drawn to its limit except at most one (the
// residual). The planner enumerates those vertices (per asset: the set drawn in full and the
// residual; for several assets, their combinations), scores them in floating point, prices the best
// few (within a rounding slack) exactly and keeps the cheapest. With more than MAX_KINDS_EXACT sources of one asset, or
// more
// than COMBO_BUDGET combinations across assets, it keeps the best-scoring ones only (documented
// approximation; never reached for one asset on ≤ 12 chains, or two assets on ≤ 4 chains).
//
// Fees depend on the sources and the sources on the fees, so each scheme's plan is re-drawn until
// the fee it collects is the fee it causes (or, failing an exact fixed point, covers it).
// Within a source, unlocked WETH is spent before native ETH is wrapped (a wrap costs the user a
// transaction). No balance is used twice, and access-list caps (`access.cap`) bound each
// (chain, token) across requests. No amount in a plan exceeds 2^256 − 1: a max request draws at
// most that much, and a fee that would push a request past it is clamped (the plan is then not
// fulfilled).

import { toUsd8 } from '../feeModel'
import { planCostUsd8, price } from './pricing'
import { schemeDrawer } from './search'
import { allSources, schemeSources } from './sources'
import { type Plan, type PlanInput, SCHEMES } from './types'

const MAX_ROUNDS = 8

export function planRoute(input: PlanInput): Plan {
  const all = allSources(input)
  let best: Plan | undefined
  for (const scheme of SCHEMES) {
    if (input.funding && scheme !== input.funding) continue
    const sources = schemeSources(all, scheme)
    if (![...sources.values()].some((s) => s.length > 0)) continue
    const plan = fixedPoint(schemeDrawer(input, sources))
    if (!best || preferable(input, plan, best)) best = plan
  }
  return best ?? fixedPoint(schemeDrawer(input, schemeSources(all, 'COMPACT', true)))
}

function fixedPoint(draw: (charge: bigint) => Plan): Plan {
  let charge = 0n
  let covering: Plan | undefined
  let plan = draw(charge)
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const caused = plan.caused
    if (caused === charge) return plan // exact: it collects what it causes
    // Collects more than it causes: acceptable, keep looking.
    if (caused < charge && (!covering || plan.fulfilled || !covering.fulfilled)) covering = plan
    charge = caused
    plan = draw(charge)
  }
  return covering ?? plan
}

/** Whether plan `a` (a later scheme) should replace `b`. */
function preferable(input: PlanInput, a: Plan, b: Plan): boolean {
  if (a.fulfilled !== b.fulfilled) return a.fulfilled
  if (!a.fulfilled) {
    const [ca, cb] = [drawnUsd8(input, a), drawnUsd8(input, b)]
    if (ca !== cb) return ca > cb
  } else if (input.requests.some((r) => r.amount === undefined)) {
    const [da, db] = [deliveredUsd8(input, a), deliveredUsd8(input, b)]
    if (da !== db) return da > db
  }
  return planCostUsd8(input, a) < planCostUsd8(input, b)
}

function drawnUsd8(input: PlanInput, plan: Plan): bigint {
  return plan.allocations.reduce(
    (s, a) => s + toUsd8(a.amount, a.token.decimals, price(input, a.token.extensions.group)),
    0n,
  )
}

function deliveredUsd8(input: PlanInput, plan: Plan): bigint {
  return plan.deliveries.reduce(
    (s, d) => s + toUsd8(d.target, d.token.decimals, price(input, d.token.extensions.group)),
    0n,
  )
}
