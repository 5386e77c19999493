// Call-only intents (calls, no tokens) run as the account through its intent executor, as its own
// single-chain ops (singleChain.ts). Refused before any other read: an address with no code and no
// setupOps that would deploy it (an EOA without an EIP-7702 delegation) cannot run calls at all.
import type { ChainReader } from '../../chainState/multicallRound'
import { InvalidInputError } from '../../errors'
import type { RouteInput } from '../routeInput'

export async function refuseCallOnlyWithoutCode(input: RouteInput, reader: ChainReader): Promise<void> {
  if (input.account.setupOps.length > 0 && !input.recipient) return
  const recipient = (input.recipient ?? input.account).address
  const code = await reader.client.getCode({ address: recipient }).catch(() => undefined)
  if (code && code !== '0x') return
  const message =
    `destinationExecutions: ${recipient} has no code on chain ${input.destinationChainId} (an EOA without an ` +
    'EIP-7702 delegation), so it cannot run calls there'
  throw InvalidInputError.forField('destinationExecutions', message)
}
