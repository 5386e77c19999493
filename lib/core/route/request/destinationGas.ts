// The destination calls priced by simulation: at quote time they run as they will after the fill,
// in one simulated block on the destination chain (eth_simulateV1): the filler's delivery of each
// requested token to the recipient, then each call from the account. The gas they use (each call's
// own, its 21k intrinsic cost included, which the executor does not pay: a margin) plus a tenth is
// what the route charges and signs as the Mandate's minGas, and the filler runs them with exactly
// that and the executor's fixed cost (core/settlement/destinationGas.ts). Calls needing more than
// MAX_DESTINATION_CALL_GAS are refused here. Calls that revert in the simulation, or a node that
// cannot simulate (no eth_simulateV1), keep the flat estimate: the filler simulates them again
// before it takes anything and fails the intent if they still would revert or need more gas than
// was charged, so the account loses nothing.
import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint128, zeroAddress } from 'viem'
import type { ChainReader } from '../../chainState/multicallRound'
import { fieldError } from '../../errors'
import { chargedCallGas, MAX_DESTINATION_CALL_GAS } from '../../settlement/destinationGas'
import type { ResolvedRequest } from './resolveRequest'

type SimulatedCalls = { gas: bigint } | { reverted: string }

/** The calls' simulated gas, or why they reverted. */
async function simulateDestinationCalls(
  request: ResolvedRequest,
  reader: ChainReader,
  filler: Address | undefined,
): Promise<SimulatedCalls> {
  const recipient = request.recipient.address
  const account = request.account.address
  type SimulatedCall = { account: Address; to: Address; data?: Hex; value?: bigint }
  const deliveries: SimulatedCall[] = filler
    ? request.requests.flatMap((r): SimulatedCall[] => {
        if (r.amount === undefined || r.token.chainId !== request.destination) return []
        if (r.token.address === zeroAddress) return [{ account: filler, to: recipient, value: r.amount }]
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, r.amount] })
        return [{ account: filler, to: r.token.address, data }]
      })
    : []
  const calls = request.input.destinationExecutions.map((e) => ({ account, to: e.to, data: e.data, value: e.value }))
  const [block] = await reader.client.simulateBlocks({
    blocks: [
      { calls: [...deliveries, ...calls], stateOverrides: filler ? [{ address: filler, balance: maxUint128 }] : [] },
    ],
  })
  const results = block?.calls ?? []
  const failed = results.find((c) => c.status === 'failure')
  if (failed) return { reverted: failed.error?.message.split('\n')[0] ?? 'reverted' }
  return { gas: results.slice(deliveries.length).reduce((sum, c) => sum + c.gasUsed, 0n) }
}

/** The request with its destination calls priced from their simulation. */
export async function priceDestinationCalls(
  request: ResolvedRequest,
  readers: readonly ChainReader[],
  filler: Address | undefined,
): Promise<ResolvedRequest> {
  if (request.input.destinationExecutions.length === 0) return request
  const reader = readers.find((r) => r.chainId === request.destination)
  if (!reader) return request
  const simulated = await simulateDestinationCalls(request, reader, filler).catch((error: unknown) => ({
    reverted: String(error),
  }))
  if ('reverted' in simulated) return request
  if (simulated.gas > MAX_DESTINATION_CALL_GAS) {
    const message =
      `destinationExecutions: the calls need ${simulated.gas} gas on chain ${request.destination}, more than the ` +
      `${MAX_DESTINATION_CALL_GAS} a route may carry`
    throw fieldError('unprocessable', 'destinationExecutions', message, {
      gas: simulated.gas.toString(),
      limit: MAX_DESTINATION_CALL_GAS.toString(),
    })
  }
  const priced = simulated.gas + simulated.gas / 10n
  return {
    ...request,
    ...chargedCallGas(priced, request.input.destinationGasUnits, request.input.destinationExecutions.length),
  }
}
