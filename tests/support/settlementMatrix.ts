// The settlement matrix's cases: the route shapes the engine returns, what goes wrong (a move of
// the user's, a filler crash, a re-org), and the step of the settlement at which it happens.
// fast-check draws them: each run draws, for every shape, one fault that applies to it and one
// step, so a fixed seed gives the same cases every time and a case is replayed by its seed and
// path (the run) and its shape.
import fc from 'fast-check'
import { parseEther, parseUnits } from 'viem'
import type { Funds } from './settlement'

const sponsorAll = {
  sponsorSettings: {
    gasSponsored: true,
    bridgeFeesSponsored: true,
    swapFeesSponsored: true,
    protocolFeesSponsored: true,
  },
}

export type Shape = {
  name: string
  /** ACCOUNT_ESCROW: the account's own ops escrow its unlocked funds (on the wire NO_FUNDING, with a
   * destination element after its escrow elements). */
  funding: 'PERMIT2' | 'COMPACT' | 'ACCOUNT_ESCROW'
  /** How many elements (origin chains) the engine's route draws from. */
  elements: number
  /** Whether the route spends WETH (the user can unwrap it). */
  weth: boolean
  funds: Funds[]
  request: Record<string, unknown>
  /** An EIP-7702 account made by @rhinestone/sdk (its signatures answered by its validator's
   * ERC-1271); else a plain EOA through the API. */
  smart?: true
  /** The smart account's route carries a call on arrival (for ACCOUNT_ESCROW, its destination
   * element's ops), to a contract of the user's that can be made to burn gas. */
  call?: true
}

/** `v` whole units of `symbol`: USDC has 6 decimals, ETH and WETH 18. */
const units = (symbol: string, v: string) => (symbol === 'USDC' ? parseUnits(v, 6) : parseEther(v))

type ShapeSpec = Partial<Pick<Shape, 'funding' | 'elements' | 'weth' | 'smart' | 'call'>> & {
  /** What the fresh account holds, in whole units: locked in The Compact for a COMPACT shape. */
  funds: [chainId: number, symbol: Funds['symbol'], amount: string][]
  /** The one token request, in whole units. */
  wants: [destinationChainId: number, token: string, amount: string]
  options?: Record<string, unknown>
}

/** A shape is PERMIT2, one element, no WETH unless its spec says otherwise. */
function shape(
  name: string,
  {
    funding = 'PERMIT2',
    elements = 1,
    weth = false,
    smart,
    call,
    funds,
    wants: [destinationChainId, token, amount],
    options,
  }: ShapeSpec,
): Shape {
  return {
    name,
    funding,
    elements,
    weth,
    ...(smart ? { smart } : {}),
    ...(call ? { call } : {}),
    funds: funds.map(([chainId, symbol, v]) => ({
      chainId,
      symbol,
      amount: units(symbol, v),
      ...(funding === 'COMPACT' ? { locked: true } : {}),
    })),
    request: {
      destinationChainId,
      tokenRequests: [{ tokenAddress: token, amount: units(token, amount).toString() }],
      ...(options ? { options } : {}),
    },
  }
}

export const shapes: Shape[] = [
  shape('same-chain', { funds: [[8453, 'USDC', '300']], wants: [8453, 'USDC', '100'] }),
  shape('cross-chain-permit2', { funds: [[8453, 'USDC', '200']], wants: [42161, 'USDC', '80'] }),
  shape('cross-chain-lock', { funding: 'COMPACT', funds: [[10, 'USDC', '200']], wants: [8453, 'USDC', '80'] }),
  shape('multi-source-permit2', {
    elements: 2,
    funds: [
      [8453, 'USDC', '120'],
      [10, 'USDC', '120'],
    ],
    wants: [42161, 'USDC', '200'],
  }),
  shape('multi-source-lock', {
    funding: 'COMPACT',
    elements: 2,
    funds: [
      [10, 'USDC', '150'],
      [8453, 'USDC', '150'],
    ],
    wants: [42161, 'USDC', '250'],
  }),
  shape('wrap', { weth: true, funds: [[8453, 'ETH', '0.5']], wants: [42161, 'WETH', '0.1'] }),
  shape('native-eth', { weth: true, funds: [[10, 'ETH', '0.4']], wants: [8453, 'ETH', '0.15'] }),
  shape('sponsored', { funds: [[8453, 'USDC', '100']], wants: [42161, 'USDC', '60'], options: sponsorAll }),
  shape('fee-token', {
    weth: true,
    funds: [
      [8453, 'ETH', '0.2'],
      [8453, 'USDC', '50'],
    ],
    wants: [42161, 'ETH', '0.05'],
    options: { feeToken: 'USDC' },
  }),
  shape('smart-account-lock', {
    funding: 'COMPACT',
    smart: true,
    call: true,
    funds: [[10, 'USDC', '150']],
    wants: [8453, 'USDC', '60'],
  }),
  shape('smart-account-escrow', {
    funding: 'ACCOUNT_ESCROW',
    smart: true,
    funds: [[10, 'USDC', '150']],
    wants: [8453, 'USDC', '60'],
  }),
  shape('smart-account-escrow-call', {
    funding: 'ACCOUNT_ESCROW',
    smart: true,
    call: true,
    funds: [[10, 'USDC', '120']],
    wants: [8453, 'USDC', '45'],
  }),
]

/** The user's moves, then the faults nobody chose. A smart account can also uninstall the validator
 * its signatures rest on, and make its call on arrival burn more gas than the route charged. */
export const userMoves = [
  'nonce-burn',
  'approval-revoked',
  'funds-moved',
  'unwrap',
  'lock-transferred',
  'forced-withdrawal',
  'validator-uninstalled',
  'gas-heavy-call',
] as const
export type Fault = (typeof userMoves)[number] | 'crash' | 'reorg'
export const faults: readonly Fault[] = [...userMoves, 'crash', 'reorg']

/** The filler's steps before its payouts, in order: each element's escrow (PERMIT2: through Permit2;
 * ACCOUNT_ESCROW: the account's ops relayed) or allocation (COMPACT), then the fill. */
export function fillerSteps(shape: Shape): string[] {
  const kind = shape.funding === 'COMPACT' ? 'allocate' : 'escrow'
  return [...Array.from({ length: shape.elements }, (_, i) => `${kind}:${i}`), 'fill']
}

export function faultsFor(shape: Shape): Fault[] {
  // No standing approval to revoke: the approval and the escrow are one transaction of its ops.
  const heavy: Fault[] = shape.call ? ['gas-heavy-call'] : []
  if (shape.funding === 'ACCOUNT_ESCROW') return ['funds-moved', 'validator-uninstalled', ...heavy, 'crash', 'reorg']
  if (shape.smart) return ['validator-uninstalled', ...heavy, 'crash', 'reorg']
  const moves: Fault[] =
    shape.funding === 'PERMIT2'
      ? ['nonce-burn', 'approval-revoked', 'funds-moved', ...(shape.weth ? (['unwrap'] as const) : [])]
      : ['nonce-burn', 'lock-transferred', 'forced-withdrawal']
  return [...moves, 'crash', 'reorg']
}

/** Where the fault strikes: a user's move once the intent is submitted or after any filler step
 * (the filler stopped there); a crash or a re-org after (of) a filler step. */
export function stepsFor(shape: Shape, fault: Fault): string[] {
  return fault === 'crash' || fault === 'reorg' ? fillerSteps(shape) : ['submitted', ...fillerSteps(shape)]
}

export type MatrixCase = { run: number; index: number; shape: Shape; fault: Fault; step: string }

const caseOf = (shape: Shape) =>
  fc
    .constantFrom(...faultsFor(shape))
    .chain((fault) => fc.constantFrom(...stepsFor(shape, fault)).map((step) => ({ shape, fault, step })))

/** One run: a case per shape. */
export const matrixRun = fc.tuple(...shapes.map(caseOf))

/** The cases of `runs` runs from `seed`, or of the one run at `path`. */
export function matrixCases(seed: number, runs: number, path?: string): MatrixCase[] {
  const drawn =
    path === undefined
      ? fc.sample(matrixRun, { seed, numRuns: runs })
      : fc.sample(matrixRun, { seed, path, numRuns: 1 })
  const first = path === undefined ? 0 : Number(path)
  return drawn.flatMap((run, r) => run.map((c, index) => ({ ...c, run: first + r, index })))
}

const moveAway = new Set<Fault>(['nonce-burn', 'approval-revoked', 'funds-moved'])

/** Situations the drawn sample must contain besides every shape and every fault (docs/settlement.md names
 * them): checked whenever the whole sample runs. */
export const essentials: [string, (c: MatrixCase) => boolean][] = [
  [
    'a Permit2 escrow refunded: a move on the second chain after the first escrow',
    (c) => c.shape.funding === 'PERMIT2' && c.shape.elements > 1 && moveAway.has(c.fault) && c.step === 'escrow:0',
  ],
  [
    'a compact nonce burned before the allocator records it',
    (c) =>
      c.shape.funding === 'COMPACT' &&
      c.fault === 'nonce-burn' &&
      (c.step === 'submitted' || (c.shape.elements > 1 && c.step === 'allocate:0')),
  ],
  ['a lock transferred before it is allocated', (c) => c.fault === 'lock-transferred' && c.step === 'submitted'],
  ['WETH unwrapped before any escrow', (c) => c.fault === 'unwrap' && c.step === 'submitted'],
  ['a crash after the fill', (c) => c.fault === 'crash' && c.step === 'fill'],
  ['a re-org of the fill', (c) => c.fault === 'reorg' && c.step === 'fill'],
  [
    'a validator uninstalled once its compact is allocated',
    (c) => c.fault === 'validator-uninstalled' && c.step !== 'submitted',
  ],
  ['a call on arrival made heavy', (c) => c.fault === 'gas-heavy-call'],
  [
    "an account's own escrow: its funds moved away before it",
    (c) => c.shape.funding === 'ACCOUNT_ESCROW' && c.fault === 'funds-moved' && c.step === 'submitted',
  ],
  [
    "an account's own escrow: its call on arrival made heavy",
    (c) => c.shape.funding === 'ACCOUNT_ESCROW' && c.fault === 'gas-heavy-call',
  ],
  [
    "an account's own escrow: its validator uninstalled once the escrow is held",
    (c) => c.shape.funding === 'ACCOUNT_ESCROW' && c.fault === 'validator-uninstalled' && c.step !== 'submitted',
  ],
]

export const caseName = (c: MatrixCase) => `${c.shape.name} × ${c.fault} @ ${c.step}`
