// Requests refused because they could never settle: no allowed path for a token, and call-only
// intents this deployment does not execute (what an account can run: accountSettles.ts).
import type { ChainReader } from '../../chainState/multicallRound'
import { fieldError, InvalidInputError, NoPathFoundError } from '../../errors'
import { type TokenInfo, tokens } from '../../tokens/tokens'
import type { RouteInput } from '../routeInput'
import { type Layer, layerSupports } from '../settlementLayers'
import type { AccessPolicy } from './accessPolicy'

/** No chain that the access list and the layers allow can ever bring this token: No Path Found. */
export function assertPath(token: TokenInfo, destination: number, served: readonly number[], access: AccessPolicy, layers: ReadonlySet<Layer>) {
  const group = token.extensions.group
  const reachable = tokens.some(
    (t) => t.extensions.group === group && served.includes(t.chainId) && access.allows(t) && (t.chainId === destination || [...layers].some((l) => layerSupports(l, group, t.chainId, destination))),
  )
  if (!reachable)
    throw new NoPathFoundError(`nothing the access list and settlement layers allow can bring ${token.symbol} to chain ${destination}`, { token: token.address, destinationChainId: destination })
}

/** A call-only intent (no tokens) would run through the intent executor, which this deployment
 * does not operate; for a recipient that cannot run calls at all, that is the clearer answer. */
export async function refuseCallOnly(input: RouteInput, reader: ChainReader): Promise<never> {
  const recipient = (input.recipient ?? input.account).address
  const code = await reader.client.getCode({ address: recipient }).catch(() => undefined)
  if (!code || code === '0x') {
    const message = `destinationExecutions: ${recipient} has no code on chain ${input.destinationChainId} (an EOA without an EIP-7702 delegation), so it cannot run calls there`
    throw InvalidInputError.forField('destinationExecutions', message)
  }
  const message = "tokenRequests: a call-only intent settles through the intent executor's own SingleChainOps signature, which this deployment does not settle; request a token with the calls"
  throw fieldError('unprocessable', 'tokenRequests', message, {}, { code: 'UNSETTLEABLE' })
}
