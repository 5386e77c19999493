// One sample call per operation, shown in the OpenAPI document (and so at /docs). The route is real
// devnet output (the demo account asking for 1,000 USDC on Arbitrum); a unit test parses every
// example with its operation's schemas, so an example cannot drift from what the API accepts.
import routeExample from './routeExample.json'

export type OperationExamples = {
  /** Path and query values of the sample call, by parameter name. */
  parameters?: Record<string, string>
  body?: unknown
  /** What the sample call answers (200). */
  response: unknown
}

const demoAccount = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const nonce = routeExample.intentOp.nonce
const sampleSignature = `0x${'ab'.repeat(64)}1b`

export const portfolioExamples = {
  parameters: { userAddress: demoAccount, chainIds: '10,8453,137', filterEmpty: 'true' },
  response: {
    portfolio: [
      {
        tokenName: 'USDC',
        tokenDecimals: 6,
        balance: { locked: '500000000', unlocked: '1250500000' },
        tokenChainBalance: [
          {
            chainId: 10,
            tokenAddress: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
            balance: { locked: '500000000', unlocked: '0' },
          },
          {
            chainId: 8453,
            tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            balance: { locked: '0', unlocked: '1250500000' },
          },
        ],
      },
      {
        tokenName: 'ETH',
        tokenDecimals: 18,
        balance: { locked: '0', unlocked: '1250000000000000000' },
        tokenChainBalance: [
          {
            chainId: 10,
            tokenAddress: '0x0000000000000000000000000000000000000000',
            balance: { locked: '0', unlocked: '500000000000000000' },
          },
          {
            chainId: 8453,
            tokenAddress: '0x0000000000000000000000000000000000000000',
            balance: { locked: '0', unlocked: '750000000000000000' },
          },
        ],
      },
    ],
    unsupportedChainIds: [137],
    blocks: [
      { chainId: 10, blockNumber: '1042' },
      { chainId: 8453, blockNumber: '987' },
    ],
  },
} satisfies OperationExamples

export const routeRequestExample = {
  destinationChainId: 42161,
  tokenRequests: [{ tokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: '1000000000' }],
  account: { address: demoAccount, accountType: 'EOA' },
}

/** The ECO alternative: Base USDC bridged, the rest already on Arbitrum. */
const ecoAlternative = {
  chosen: false,
  fundingMethod: 'PERMIT2',
  sources: [
    {
      chainId: 8453,
      tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      tokenSymbol: 'USDC',
      amount: '201536183',
      settlementLayer: 'ECO',
    },
    {
      chainId: 42161,
      tokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      tokenSymbol: 'USDC',
      amount: '800000000',
      settlementLayer: 'SAME_CHAIN',
    },
  ],
  feeUSD: 1.53618272,
  feeAmount: '1536183',
  request: {
    accountAccessList: {
      chainTokens: {
        '8453': ['USDC'],
        '42161': ['USDC'],
      },
    },
    options: {
      fundingMethod: 'PERMIT2',
      settlementLayers: ['ECO'],
    },
  },
} as const

/** The same split over RELAY: only the bridged amount, the fee and the settlement layer differ. */
const relayAlternative = {
  ...ecoAlternative,
  sources: [{ ...ecoAlternative.sources[0], amount: '201546342', settlementLayer: 'RELAY' }, ecoAlternative.sources[1]],
  feeUSD: 1.54634172,
  feeAmount: '1546342',
  request: { ...ecoAlternative.request, options: { ...ecoAlternative.request.options, settlementLayers: ['RELAY'] } },
} as const

/** The same request asking for the planner's other routes (options.alternatives), as the dashboard does. */
const routeAlternativesExample = [
  {
    chosen: true,
    fundingMethod: 'PERMIT2',
    sources: [
      {
        chainId: 8453,
        tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        tokenSymbol: 'USDC',
        amount: '1001489486',
        settlementLayer: 'ACROSS',
      },
    ],
    feeUSD: 1.48948549,
    feeAmount: '1489486',
    request: {
      accountAccessList: {
        chainTokens: {
          '8453': ['USDC'],
        },
      },
      options: {
        fundingMethod: 'PERMIT2',
        settlementLayers: ['ACROSS'],
      },
    },
  },
  ecoAlternative,
  relayAlternative,
] as const

export const intentRouteExamples = {
  body: { ...routeRequestExample, options: { alternatives: true } },
  response: { ...routeExample, alternatives: routeAlternativesExample },
} satisfies OperationExamples

export const routeHistoryExamples = {
  parameters: { userAddress: demoAccount, limit: '1' },
  response: {
    routes: [
      {
        nonce,
        createdAt: '2026-11-23T10:12:09.000Z',
        expires: routeExample.intentOp.expires,
        expired: false,
        destinationChainId: 42161,
        requestKey: '0x5c1a0e3be2d54a2b9c0b8f3e6f1d7a42',
        delivers: [{ token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: '1000000000' }],
        recipient: demoAccount,
        sourceChainIds: [8453],
        fee: { token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: routeExample.intentCost.feeToken.amount },
        signingScheme: 'PERMIT2',
        hasIntentOp: true,
        status: 'COMPLETED',
        intentStatus: 'COMPLETED',
      },
    ],
    nextCursor: 'MTc5NTQyOTkyNTQ0MzYwMQ',
  },
} satisfies OperationExamples

export const storedRouteExamples = {
  parameters: { userAddress: demoAccount, nonce },
  response: {
    nonce,
    createdAt: '2026-11-23T10:12:09.000Z',
    expires: routeExample.intentOp.expires,
    expired: false,
    destinationChainId: 42161,
    status: 'BUILT',
    intentStatus: null,
    request: routeRequestExample,
    route: routeExample,
  },
} satisfies OperationExamples

export const submitIntentExamples = {
  body: {
    signedIntentOp: {
      ...routeExample.intentOp,
      originSignatures: [sampleSignature],
      destinationSignature: sampleSignature,
    },
  },
  response: { result: { id: nonce, status: 'PENDING' } },
} satisfies OperationExamples

const completedIntent = {
  id: nonce,
  status: 'COMPLETED',
  destinationChainId: 42161,
  userAddress: demoAccount,
  fillTimestamp: 1795429931,
  fillTransactionHash: `0x${'5e'.repeat(32)}`,
  claims: [
    { chainId: 8453, status: 'COMPLETED', claimTimestamp: 1795429933, claimTransactionHash: `0x${'c1'.repeat(32)}` },
  ],
  submittedAt: '2026-11-23T10:12:10.000Z',
  updatedAt: '2026-11-23T10:12:14.000Z',
}

export const intentStatusExamples = { parameters: { id: nonce }, response: completedIntent } satisfies OperationExamples

export const intentListExamples = {
  parameters: { userAddress: demoAccount, limit: '20' },
  response: { intents: [completedIntent], nextCursor: null },
} satisfies OperationExamples

export const splitExamples = {
  body: { chainId: 42161, tokens: { '0xaf88d065e77c8cC2239327C5EDb3A432268e5831': '25000000000' } },
  response: {
    intents: [
      { '0xaf88d065e77c8cC2239327C5EDb3A432268e5831': '10000000000' },
      { '0xaf88d065e77c8cC2239327C5EDb3A432268e5831': '10000000000' },
      { '0xaf88d065e77c8cC2239327C5EDb3A432268e5831': '5000000000' },
    ],
  },
} satisfies OperationExamples

export const chainsExamples = {
  response: {
    '8453': {
      name: 'Base',
      supportedTokens: [
        { symbol: 'ETH', address: '0x0000000000000000000000000000000000000000', decimals: 18 },
        { symbol: 'WETH', address: '0x4200000000000000000000000000000000000006', decimals: 18 },
        { symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
      ],
      testnet: false,
    },
  },
} satisfies OperationExamples

export const pricesExamples = {
  response: {
    prices: {
      ETH: { usd: 3012.45, answer: '301245000000', decimals: 8, updatedAt: '1795429900' },
      USDC: { usd: 1, answer: '100000000', decimals: 8, updatedAt: '1795429900' },
      USDT: { usd: 1.0001, answer: '100010000', decimals: 8, updatedAt: '1795429900' },
    },
  },
} satisfies OperationExamples

export const settlementTimesExamples = {
  response: {
    windowSeconds: 86400,
    destinations: [
      { chainId: 8453, samples: 42, p50Seconds: 1.6, p90Seconds: 2.9 },
      { chainId: 42161, samples: 17, p50Seconds: 1.8, p90Seconds: 3.4 },
    ],
  },
} satisfies OperationExamples

export const signerExamples = {
  response: {
    address: '0xa5F2A32072474e82aE9f86bE7cff6f7B44FFcB5a',
    scheme: 'EIP-191 personal_sign over keccak256(canonicalJson(intentOp without serverSignature))',
  },
} satisfies OperationExamples

export const openApiExamples = {
  response: { openapi: '3.1.0', info: { title: 'Intent Router API', version: '2026-01.alps' }, paths: {} },
} satisfies OperationExamples

const session = { address: demoAccount, expiresAt: '2026-11-24T10:12:09.000Z' }

export const signInNonceExamples = {
  response: { nonce: 'k3Jv9QeZp1Lw', expiresAt: '2026-11-23T10:17:09.000Z' },
} satisfies OperationExamples

export const createSessionExamples = {
  body: {
    message:
      `localhost:3000 wants you to sign in with your Ethereum account:\n${demoAccount}\n\nSign in to the Intent ` +
      'Router dashboard.\n\nURI: http://localhost:3000\nVersion: 1\nChain ID: 1\nNonce: k3Jv9QeZp1Lw\nIssued At: ' +
      '2026-11-23T10:12:09.000Z',
    signature: sampleSignature,
  },
  response: session,
} satisfies OperationExamples

export const getSessionExamples = { response: session } satisfies OperationExamples

export const deleteSessionExamples = { response: { address: null, expiresAt: null } } satisfies OperationExamples
