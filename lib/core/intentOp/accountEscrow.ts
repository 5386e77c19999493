// An ACCOUNT_ESCROW route: the account's own signed single-chain ops put its unlocked ERC-20s into
// the origin arbiter's escrow, then the filler fills, then the escrow is released to it against the
// attestation of that fill (or returned to the account: the same escrow-with-refund rules as Permit2).
// On the wire every element is INTENT_EXECUTOR / NO_FUNDING, so the client signs each as
// `SingleChainOps` in the domain of the chain its mandate names as its destination:
//   - one escrow element per source chain: its `destinationChainId` is that source chain (where its
//     ops run); its ops approve the arbiter and call `escrowFromAccount(nonce, tokens, mandate)`, the
//     mandate being the element's own with the route's destination as its target chain and no ops
//     (escrowMandate: the ops cannot carry a hash of themselves);
//   - then the destination element, last: nothing drawn or delivered, on the destination chain, its
//     ops the route's calls on arrival (relayed as the account's single-chain ops once the fill is
//     delivered, with the gas its minGas charged): the signature the client sends as its destination
//     signature, and the chain the fill is on. The fill and the filler's payment never depend on them.
// The filler tells these routes from the account's single-chain ops (one chain, an OFT send) by the
// arbiter: those name the intent executor, these the layers' arbiters.
import { type Address, isAddressEqual, zeroHash } from 'viem'
import { addresses } from '../addresses'
import { decodeLockId } from '../locks/lockId'
import type { WireElement, WireIntentOp } from './intentOp'
import { mandateMessage } from './typedData'

const executorOps = (e: WireElement) => {
  const c = e.mandate.qualifier.settlementContext
  return c.settlementLayer === 'INTENT_EXECUTOR' && c.fundingMethod === 'NO_FUNDING'
}

/** Whether every element is the account's own ops and they escrow into the layers' arbiters. */
export function isAccountEscrowRoute(intentOp: Pick<WireIntentOp, 'elements'>): boolean {
  return (
    intentOp.elements.length >= 2 &&
    intentOp.elements.every(executorOps) &&
    intentOp.elements.every((e) => !isAddressEqual(e.arbiter, addresses.intentExecutor))
  )
}

/** The route's destination element (its last) and its escrow elements (the others). */
export function accountEscrowParts(intentOp: Pick<WireIntentOp, 'elements'>): {
  escrows: WireElement[]
  destination: WireElement
} {
  const destination = intentOp.elements.at(-1)
  if (!destination || intentOp.elements.length < 2) throw new Error('an account-escrow route has no escrow element')
  return { escrows: intentOp.elements.slice(0, -1), destination }
}

/** The Mandate an escrow element's ops hand the arbiter, and the fill delivers: the element's
 * recipient, tokenOut, fill deadline and qualifier, targeting the route's destination, with no ops
 * and no gas of its own (so it reads the same from the element before and after its ops are added). */
export function escrowMandate(element: WireElement, destinationChainId: number | string) {
  const none = { vt: zeroHash, ops: [] }
  return mandateMessage({
    ...element,
    mandate: {
      ...element.mandate,
      destinationChainId: String(destinationChainId),
      preClaimOps: none,
      destinationOps: none,
      minGas: '0',
    },
  })
}

/** The tokens an escrow element puts into escrow, as the arbiter records them (token, amount). */
export function escrowTokens(element: WireElement): { token: Address; amount: bigint }[] {
  return element.idsAndAmounts.map(([id, amount]) => ({
    token: decodeLockId(BigInt(id)).token,
    amount: BigInt(amount),
  }))
}
