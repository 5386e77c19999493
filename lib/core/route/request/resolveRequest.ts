// The request stage: the validated body resolved against the registry and the served chains — the
// tokens asked for, the fee token's group, the access list and settlement layers — with every
// refusal that needs no chain read (unsupported chains, duplicate or zero requests, no path).
import type { ChainReader } from '../../chainState/multicallRound'
import { UnsupportedChainError } from '../../errors'
import { chargedCallGas } from '../../settlement/destinationGas'
import type { TokenGroup } from '../../tokens/tokenList'
import type { FeeModel } from '../feeModel'
import type { TokenRequest } from '../plan/types'
import type { AccountInput, Execution, RouteInput } from '../routeInput'
import { allowedLayers, type Layer } from '../settlementLayers'
import { type AccessPolicy, accessPolicy } from './accessPolicy'
import { refuseCallOnlyWithoutCode } from './callOnly'
import { assertPath } from './paths'
import { resolveTokenRequests } from './tokenRequests'

export type ResolvedRequest = {
  input: RouteInput
  served: number[]
  destination: number
  account: AccountInput
  recipient: AccountInput
  /** Pre-claim operations by chain id; the client's empty placeholder lists left out. */
  preClaimExecutions: Record<string, Execution[]>
  requests: TokenRequest[]
  feeGroup: TokenGroup
  /** Every asset group the route involves: the requested ones and the fee's. */
  groups: TokenGroup[]
  access: AccessPolicy
  layers: ReadonlySet<Layer>
  executionBytes: number
  /** Gas the destination calls may use, signed as the Mandate's minGas: simulated (destinationGas.ts),
   * else the flat estimate, or more if asked. */
  callGas: bigint
  /** Gas the fill is charged for beyond its own: the calls with the intent executor's fixed cost,
   * and (once planned) the account's setup. */
  executionGas: bigint
  /** The account's setupOps charged per chain (plan/planWithSetup.ts). */
  setup?: { gas: ReadonlyMap<number, bigint>; bytes: number } | undefined
  /** Settled as the account's own single-chain ops (request/singleChain.ts). */
  singleChain?: boolean
  /** Chains where the account runs its own ops (request/singleChain.ts `opsChains`). */
  opsChains?: number[]
}

export async function resolveRequest(
  input: RouteInput,
  readers: readonly ChainReader[],
  model: FeeModel,
): Promise<ResolvedRequest> {
  const served = readers.map((r) => r.chainId)
  const destination = input.destinationChainId
  const destinationReader = readers.find((r) => r.chainId === destination)
  if (!destinationReader) throw new UnsupportedChainError(destination, 'destinationChainId')
  // The client sends an empty list for every source chain as a placeholder: only ops count.
  const preClaimExecutions = Object.fromEntries(
    Object.entries(input.preClaimExecutions).filter(([, ops]) => ops.length > 0),
  )
  for (const id of Object.keys(preClaimExecutions))
    if (!served.includes(Number(id))) throw new UnsupportedChainError(id, 'preClaimExecutions')

  if (input.tokenRequests.length === 0) await refuseCallOnlyWithoutCode(input, destinationReader)
  const { requests, feeGroup, groups } = resolveTokenRequests(input, served)
  const access = accessPolicy(input.accountAccessList, served)
  const layers = allowedLayers(input.options.settlementLayers)
  for (const r of requests) assertPath(r.token, destination, served, access, layers)

  const executionBytes = input.destinationExecutions.reduce((n, e) => n + (e.data.length - 2) / 2, 0)
  // The caller may ask for more gas than the engine's own estimate, never for less: the fee it signs covers at
  // least that.
  const estimatedGas =
    model.gas.perExecution * BigInt(input.destinationExecutions.length) + 16n * BigInt(executionBytes)
  const { callGas, executionGas } = chargedCallGas(
    estimatedGas,
    input.destinationGasUnits,
    input.destinationExecutions.length,
  )
  const account = input.account
  const recipient = input.recipient ?? input.account
  return {
    input,
    served,
    destination,
    account,
    recipient,
    preClaimExecutions,
    requests,
    feeGroup,
    groups,
    access,
    layers,
    executionBytes,
    callGas,
    executionGas,
  }
}
