import { describe, expect, it } from 'vitest'
import { fixtureRoute } from './fixtures/routes'
import {
  etaBasis,
  etaSeconds,
  formatEta,
  formatRequirementsGas,
  MEASURED_MIN_SAMPLES,
  primaryAction,
  requirementsGasWei,
} from './primaryAction'
import { requirementSteps } from './requirementSteps'
import { type PhaseInput, routePhase } from './routePhase'

const phase = (over: Partial<PhaseInput>) =>
  routePhase({ submitted: undefined, outdated: undefined, expired: false, requirementsOpen: 0, signed: false, ...over })
const wrap = fixtureRoute('wrap').route
const wrapSteps = requirementSteps(wrap.tokenRequirements, wrap.intentOp!.signedMetadata.gasPrices)

describe('primaryAction', () => {
  it('walks each requirement, then Sign, then Submit', () => {
    expect(wrapSteps.length).toBeGreaterThan(0)
    const first = primaryAction({
      phase: phase({ requirementsOpen: wrapSteps.length }),
      requirements: wrapSteps,
      walletBlocker: undefined,
      canRequote: true,
    })
    expect(first).toMatchObject({ kind: 'requirement', step: wrapSteps[0] })
    expect(first.label).toMatch(/^(Approve|Wrap) /)
    expect(primaryAction({ phase: phase({}), requirements: [], walletBlocker: undefined, canRequote: true })).toEqual({
      kind: 'sign',
      label: 'Sign',
    })
    expect(
      primaryAction({ phase: phase({ signed: true }), requirements: [], walletBlocker: undefined, canRequote: true }),
    ).toEqual({ kind: 'submit', label: 'Submit' })
  })

  it('asks for a new route when the form changed or the deadline passed, and says why a wallet cannot act', () => {
    expect(
      primaryAction({ phase: phase({ expired: true }), requirements: [], walletBlocker: undefined, canRequote: true })
        .kind,
    ).toBe('requote')
    expect(
      primaryAction({
        phase: phase({ outdated: 'x', signed: true }),
        requirements: [],
        walletBlocker: undefined,
        canRequote: true,
      }).kind,
    ).toBe('requote')
    expect(
      primaryAction({ phase: phase({}), requirements: [], walletBlocker: 'Connect the wallet', canRequote: true }),
    ).toMatchObject({ kind: 'blocked', reason: 'Connect the wallet' })
  })

  it('is final once the intent is', () => {
    const done = primaryAction({
      phase: phase({ submitted: { status: 'COMPLETED' } }),
      requirements: wrapSteps,
      walletBlocker: undefined,
      canRequote: true,
    })
    expect(done).toEqual({ kind: 'done', label: 'Completed' })
    expect(
      primaryAction({
        phase: phase({ submitted: { status: 'CLAIMED' } }),
        requirements: [],
        walletBlocker: undefined,
        canRequote: true,
      }).kind,
    ).toBe('settling')
  })
})

describe('requirement gas and ETA', () => {
  it('prices the open requirements at the route’s gas prices', () => {
    const wei = requirementsGasWei(wrapSteps, wrap.intentOp!.signedMetadata.gasPrices)
    expect(wei).toBeGreaterThan(0n)
    expect(formatRequirementsGas(wei, 3000)).toMatch(/^≈ [\d.<]+ ETH \((\$\d+\.\d\d|<\$0\.01)\)$/)
    expect(formatRequirementsGas(10n ** 15n, 2000)).toBe('≈ 0.001 ETH ($2.00)')
  })

  it('estimates settlement from the chains’ block times', () => {
    expect(etaSeconds([8453], 42161)).toBeLessThan(etaSeconds([1], 42161))
    expect(formatEta(etaSeconds([8453], 10))).toMatch(/^≈ \d+ s$/)
    expect(formatEta(600)).toBe('≈ 10 min')
  })

  it('uses the measured median for the destination once it has enough samples', () => {
    const measured = [
      { chainId: 42161, samples: 12, p50Seconds: 1.6 },
      { chainId: 10, samples: MEASURED_MIN_SAMPLES - 1, p50Seconds: 40 },
    ]
    expect(etaSeconds([1], 42161, measured)).toBe(2)
    expect(etaBasis(42161, measured)).toEqual({ samples: 12 })
    // Too few samples, or none for the destination: the block-time estimate.
    expect(etaSeconds([8453], 10, measured)).toBe(etaSeconds([8453], 10))
    expect(etaBasis(10, measured)).toBeUndefined()
    expect(etaSeconds([8453], 1, measured)).toBe(etaSeconds([8453], 1))
  })
})
