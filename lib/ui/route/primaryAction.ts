// The one button of the route card: what the reader does next, in order — each open approval or
// wrap, then Sign, then Submit — or why nothing can be done (wrong wallet, a changed form, a passed
// deadline: then the button asks for a new route). Read from the same RoutePhase as the rest.
import { chains } from '../../core/chains/chains'
import { formatAmount } from '../shared/formatAmount'
import { formatTokenAmount } from '../shared/tokenAmount'
import type { RequirementStep } from './requirementSteps'
import type { RoutePhase } from './routePhase'

export type PrimaryAction =
  | { kind: 'requirement'; step: RequirementStep; label: string }
  | { kind: 'sign'; label: string }
  | { kind: 'submit'; label: string }
  | { kind: 'requote'; label: string }
  | { kind: 'blocked'; label: string; reason: string }
  | { kind: 'settling'; label: string }
  | { kind: 'done'; label: string }

export type PrimaryActionInput = {
  phase: RoutePhase
  requirements: readonly RequirementStep[]
  /** Why this wallet cannot act on the route (not connected, not the sponsor); undefined when it can. */
  walletBlocker: string | undefined
  canRequote: boolean
}

export function primaryAction({ phase, requirements, walletBlocker, canRequote }: PrimaryActionInput): PrimaryAction {
  switch (phase.kind) {
    case 'submitted':
      if (phase.status === 'COMPLETED') return { kind: 'done', label: 'Completed' }
      if (phase.status === 'FAILED')
        return canRequote ? { kind: 'requote', label: 'Get a new route' } : { kind: 'done', label: 'Failed' }
      return { kind: 'settling', label: 'Settling…' }
    case 'outdated':
    case 'expired':
      return canRequote
        ? { kind: 'requote', label: 'Get a new route' }
        : { kind: 'blocked', label: 'Expired', reason: 'This route can no longer be signed.' }
  }
  if (walletBlocker)
    return { kind: 'blocked', label: phase.kind === 'submit' ? 'Submit' : 'Sign', reason: walletBlocker }
  const step = requirements[0]
  if (phase.kind === 'requirements' && step) return { kind: 'requirement', step, label: requirementLabel(step) }
  return phase.kind === 'submit' ? { kind: 'submit', label: 'Submit' } : { kind: 'sign', label: 'Sign' }
}

export function requirementLabel(step: RequirementStep): string {
  return step.kind === 'approval'
    ? `Approve ${step.amount.symbol} on ${step.amount.chainName}`
    : `Wrap ${formatTokenAmount(step.amount)} on ${step.amount.chainName}`
}

/** Gas units a wallet transaction of this kind uses, for its cost in the card's total (ERC-20
 * approve from zero ~46k; WETH deposit ~28k): an estimate, rounded up. */
const stepGas = { approval: 50_000n, wrap: 30_000n } as const

/** What the open approvals and wraps cost in gas, in ETH wei, at the gas prices the route was priced
 * with (signedMetadata.gasPrices, wei per gas by chain id). */
export function requirementsGasWei(
  requirements: readonly RequirementStep[],
  gasPrices: Record<string, string>,
): bigint {
  return requirements.reduce((sum, r) => sum + stepGas[r.kind] * BigInt(gasPrices[String(r.amount.chainId)] ?? '0'), 0n)
}

/** The gas of the open requirements in words: "≈ 0.000012 ETH ($0.04)". */
export function formatRequirementsGas(wei: bigint, ethUsd: number | undefined): string {
  const eth = formatAmount(wei, 18, { maxFractionDigits: 6 })
  if (ethUsd === undefined) return `≈ ${eth === '0' ? '<0.000001' : eth} ETH`
  const usd = (Number(wei) / 1e18) * ethUsd
  return `≈ ${eth === '0' ? '<0.000001' : eth} ETH (${usd > 0 && usd < 0.005 ? '<$0.01' : `$${usd.toFixed(2)}`})`
}

/** Settlement times measured by the service (GET /api/v1/settlement-times), per destination chain. */
export type MeasuredTimes = readonly { chainId: number; samples: number; p50Seconds: number }[]

/** A destination's measured median is the ETA once this many intents to it completed in the window. */
export const MEASURED_MIN_SAMPLES = 3

/** Where the ETA comes from: the measured median for the destination, or the block-time estimate. */
export function etaBasis(destinationChainId: number, measured?: MeasuredTimes): { samples: number } | undefined {
  const m = measuredFor(destinationChainId, measured)
  return m ? { samples: m.samples } : undefined
}

/** The destination's measured times when they have enough samples to be the ETA. */
function measuredFor(destinationChainId: number, measured?: MeasuredTimes): MeasuredTimes[number] | undefined {
  const m = measured?.find((t) => t.chainId === destinationChainId)
  return m && m.samples >= MEASURED_MIN_SAMPLES ? m : undefined
}

/** How long settlement takes: the measured median from submission to COMPLETED for the destination
 * when there are enough samples, else an estimate from the chains' block times (a claim on each
 * source chain, then the fill on the destination, each a few blocks). */
export function etaSeconds(
  sourceChainIds: readonly number[],
  destinationChainId: number,
  measured?: MeasuredTimes,
): number {
  const m = measuredFor(destinationChainId, measured)
  if (m) return Math.max(1, Math.ceil(m.p50Seconds))
  const block = (id: number) => chains.find((c) => c.id === id)?.blockTimeMs ?? 12_000
  const claim = Math.max(0, ...sourceChainIds.filter((id) => id !== destinationChainId).map(block))
  return Math.max(1, Math.round((2 * claim + 2 * block(destinationChainId)) / 1000))
}

export function formatEta(seconds: number): string {
  return seconds < 90 ? `≈ ${seconds} s` : `≈ ${Math.round(seconds / 60)} min`
}
