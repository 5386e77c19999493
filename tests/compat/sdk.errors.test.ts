// Every message the published client's error parser maps (Orchestrator.parseErrorMessage) whose case
// exists in this API, answered by the running app and turned by @rhinestone/sdk, unchanged, into its
// typed error. Not here: "Unsupported chain id(s)" (every chain this API refuses is named: "Unsupported
// chain {id}") and the messages of operations it does not serve (simulations, aggregators, emissaries).
import {
  AuthenticationRequiredError,
  BadRequestError,
  BodyParserError,
  ForbiddenError,
  InsufficientBalanceError,
  InvalidApiKeyError,
  NoPathFoundError,
  OnlyOneTargetTokenAmountCanBeUnsetError,
  type OrchestratorError,
  TokenNotSupportedError,
  UnsupportedChainError,
  UnsupportedTokenError,
} from '@rhinestone/sdk/dist/src/orchestrator'
import { parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { orchestratorClient } from '../support/sdkClient'

const base = `${inject('baseUrl')}/api/v1`
const demo = inject('demoAddress')
const orchestrator = (key: string) => orchestratorClient(inject('baseUrl'), key)
const sdk = orchestrator(inject('apiKey'))
const usdcBase = findTokenBySymbol(8453, 'USDC')!.address
const bogus = '0x1111111111111111111111111111111111111111'

// An IntentInput as the SDK's own prepareTransaction builds it (bigints, SDK option names).
const input = (overrides: Record<string, unknown> = {}) =>
  ({
    account: { address: demo, accountType: 'EOA', setupOps: [] },
    destinationChainId: 8453,
    destinationExecutions: [],
    destinationGasUnits: 50_000n,
    tokenRequests: [{ tokenAddress: usdcBase, amount: parseUnits('900', 6) }],
    options: { topupCompact: false, settlementLayers: ['ACROSS', 'ECO', 'RELAY'] },
    ...overrides,
  }) as never

/** The client's own fetch and error parser (private in its types), for a body it would never build itself. */
type ClientInternals = {
  fetch: (url: string, init: RequestInit) => Promise<unknown>
  getHeaders: () => Promise<HeadersInit>
}
async function clientFetch(body: string): Promise<unknown> {
  const client = sdk as unknown as ClientInternals
  return client.fetch(`${base}/intents/route`, { method: 'POST', headers: await client.getHeaders(), body })
}

type Case = {
  /** What this API answers, exactly the message the client maps. */
  answered: string
  status: number
  typed: abstract new (...args: never[]) => OrchestratorError
  /** The typed error's own message (the client's wording where its class sets one). */
  message: string
  call: () => Promise<unknown>
}

const insufficient = { tokenRequests: [{ tokenAddress: usdcBase, amount: parseUnits('10000000', 6) }] }
const noPath = {
  destinationChainId: 42161,
  tokenRequests: [{ tokenAddress: 'USDT0', amount: 1n }],
  options: { topupCompact: false, settlementLayers: ['ACROSS'] },
  accountAccessList: { chainIds: [10] },
}
// Over 1 MiB of calldata, sent by the client's own getIntentRoute.
const oversized = { destinationExecutions: [{ to: bogus, value: 0n, data: `0x${'ab'.repeat(600_000)}` }] }

const cases: Case[] = [
  {
    answered: 'Invalid API key',
    status: 401,
    typed: InvalidApiKeyError,
    message: 'Invalid API key',
    call: () => orchestrator('ir_test_nope').getPortfolio(demo),
  },
  {
    answered: 'Authentication is required',
    status: 401,
    typed: AuthenticationRequiredError,
    message: 'Authentication is required',
    call: () => orchestrator('').getPortfolio(demo),
  },
  // The dashboard's browser key outside a same-origin page request: the scope is refused.
  {
    answered: 'Insufficient permissions',
    status: 403,
    typed: ForbiddenError,
    message: 'Forbidden',
    call: () => orchestrator(inject('browserKey')).getPortfolio(demo),
  },
  {
    answered: 'Insufficient balance',
    status: 422,
    typed: InsufficientBalanceError,
    message: 'Insufficient balance',
    call: () => sdk.getIntentRoute(input(insufficient)),
  },
  {
    answered: 'Unsupported chain 999',
    status: 400,
    typed: UnsupportedChainError,
    message: 'Unsupported chain 999',
    call: () => sdk.getIntentRoute(input({ destinationChainId: 999 })),
  },
  {
    answered: 'Unsupported token USDT0 for chain 8453',
    status: 400,
    typed: UnsupportedTokenError,
    message: 'Unsupported token USDT0 for chain 8453',
    call: () => sdk.getIntentRoute(input({ tokenRequests: [{ tokenAddress: 'USDT0', amount: 1n }] })),
  },
  {
    answered: `Token ${bogus} not supported on chain 8453`,
    status: 400,
    typed: TokenNotSupportedError,
    message: `Token ${bogus} not supported on chain 8453`,
    call: () => sdk.getIntentRoute(input({ tokenRequests: [{ tokenAddress: bogus, amount: 1n }] })),
  },
  {
    answered: 'Unsupported token addresses',
    status: 400,
    typed: BadRequestError,
    message: 'Unsupported token addresses',
    call: () => sdk.getIntentRoute(input({ accountAccessList: { tokens: [bogus] } })),
  },
  {
    answered: 'Only one target token amount can be unset',
    status: 400,
    typed: OnlyOneTargetTokenAmountCanBeUnsetError,
    message: 'Only one target token amount can be unset',
    call: () => sdk.getIntentRoute(input({ tokenRequests: [{ tokenAddress: 'USDC' }, { tokenAddress: 'WETH' }] })),
  },
  {
    answered: 'No Path Found',
    status: 422,
    typed: NoPathFoundError,
    message: 'No Path Found',
    call: () => sdk.getIntentRoute(input(noPath)),
  },
  {
    answered: 'entity.parse.failed',
    status: 400,
    typed: BodyParserError,
    message: 'entity.parse.failed',
    call: () => clientFetch('{"destinationChainId": 8453,'),
  },
  {
    answered: 'entity.too.large',
    status: 413,
    typed: BodyParserError,
    message: 'entity.too.large',
    call: () => sdk.getIntentRoute(input(oversized)),
  },
]

describe("@rhinestone/sdk's error parser, against every message it maps that this API answers", () => {
  it.each(cases)('$status $answered → its $typed.name', async ({ status, typed, message, call }) => {
    const error = (await call().then(
      () => undefined,
      (e: unknown) => e,
    )) as OrchestratorError | undefined
    expect(error).toBeInstanceOf(typed)
    expect(error?.message).toBe(message)
    expect(error?.statusCode).toBe(status)
    expect(error?.traceId).toMatch(/^[0-9a-f-]{36}$/)
  })
})
