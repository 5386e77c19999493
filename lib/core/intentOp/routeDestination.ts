// The chain a route delivers to: the last element's mandate names it, except for an element whose
// ops run on its own source chain to send over a bridge (an OFT send: its mandate's
// destinationChainId is where the ops run), whose `bridgeFill` names where the tokens arrive.
import type { WireIntentOp } from './intentOp'

export function routeDestination(intentOp: Pick<WireIntentOp, 'elements'>): number {
  const last = intentOp.elements.at(-1)
  if (!last) throw new Error('routeDestination: an intentOp without elements')
  const bridged = last.mandate.qualifier.settlementContext.bridgeFill
  return bridged ? bridged.destinationChainId : Number(last.mandate.destinationChainId)
}
