// Call-only intents (calls, no tokens) are refused: they would settle through the intent executor's
// own SingleChainOps signature, which this deployment does not settle (what an account can run
// with tokens: accountSettles.ts).
import type { ChainReader } from '../../chainState/multicallRound'
import { fieldError, InvalidInputError } from '../../errors'
import type { RouteInput } from '../routeInput'

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
