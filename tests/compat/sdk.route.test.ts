// The published @rhinestone/sdk client, unchanged: getIntentRoute against our server, and its
// error parser turning our errors into its typed errors.

import {
  InvalidApiKeyError,
  NoPathFoundError,
  OnlyOneTargetTokenAmountCanBeUnsetError,
  TokenNotSupportedError,
  UnsupportedChainError,
  UnsupportedTokenError,
} from '@rhinestone/sdk/dist/src/orchestrator'
import { InsufficientBalanceError } from '@rhinestone/sdk/errors'
import { parseUnits, recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base, optimism } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { routeDigest } from '../../lib/core/intentOp/serverSignature'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { devnetActions } from '../support/devnetActions'
import { orchestratorClient, sdkClient } from '../support/sdkClient'

const endpoint = `${inject('baseUrl')}/api/v1`
const demo = inject('demoAddress')
const orchestrator = (key: string) => orchestratorClient(inject('baseUrl'), key)
const sdk = orchestrator(inject('apiKey'))
const usdcBase = findTokenBySymbol(8453, 'USDC')!.address
const rpcUrls = inject('rpcUrls')
const rhinestone = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const chain = devnetActions(rpcUrls)

// An IntentInput as the SDK's own prepareTransaction builds it (bigints, SDK option names).
const input = (overrides: Record<string, unknown> = {}) =>
  ({
    account: { address: demo, accountType: 'EOA', setupOps: [] },
    destinationChainId: 8453,
    destinationExecutions: [],
    destinationGasUnits: 50_000n,
    tokenRequests: [{ tokenAddress: usdcBase, amount: parseUnits('900', 6) }],
    options: {
      topupCompact: false,
      sponsorSettings: {
        gasSponsored: false,
        bridgeFeesSponsored: false,
        swapFeesSponsored: false,
        protocolFeesSponsored: false,
      },
      settlementLayers: ['ACROSS', 'ECO', 'RELAY'],
    },
    ...overrides,
  }) as never

describe('@rhinestone/sdk Orchestrator.getIntentRoute', () => {
  it('returns a signable route for the demo account', async () => {
    const route = (await sdk.getIntentRoute(input())) as any
    const op = route.intentOp
    expect(op.sponsor).toBe(demo)
    expect(BigInt(op.nonce)).toBeGreaterThan(0n)
    expect(BigInt(op.expires)).toBeGreaterThan(BigInt(Math.floor(Date.now() / 1000)))
    expect(op.elements.length).toBeGreaterThan(0)
    const delivered = op.elements
      .flatMap((e: any) => e.mandate.tokenOut)
      .reduce((s: bigint, [, amount]: [string, string]) => s + BigInt(amount), 0n)
    expect(delivered).toBe(parseUnits('900', 6))
    expect(route.intentCost.hasFulfilledAll).toBe(true)
    expect(route.intentCost.tokensReceived[0]).toMatchObject({
      tokenAddress: usdcBase,
      targetAmount: '900000000',
      hasFulfilled: true,
    })
    // The server signature verifies against the published signer.
    const signer = await (await fetch(`${endpoint}/signer`)).json()
    expect(await recoverMessageAddress({ message: { raw: routeDigest(op) }, signature: op.serverSignature })).toBe(
      signer.address,
    )
  })

  it('returns two different nonces for two identical requests', async () => {
    const [a, b] = (await Promise.all([sdk.getIntentRoute(input()), sdk.getIntentRoute(input())])) as any[]
    expect(a.intentOp.nonce).not.toBe(b.intentOp.nonce)
  })

  it('turns our errors into its typed errors', async () => {
    await expect(orchestrator('wrong').getIntentRoute(input())).rejects.toBeInstanceOf(InvalidApiKeyError)
    await expect(sdk.getIntentRoute(input({ destinationChainId: 999 }))).rejects.toBeInstanceOf(UnsupportedChainError)
    await expect(
      sdk.getIntentRoute(
        input({ tokenRequests: [{ tokenAddress: '0x1111111111111111111111111111111111111111', amount: 1n }] }),
      ),
    ).rejects.toBeInstanceOf(TokenNotSupportedError)
    await expect(
      sdk.getIntentRoute(input({ tokenRequests: [{ tokenAddress: 'USDT0', amount: 1n }] })),
    ).rejects.toBeInstanceOf(UnsupportedTokenError)
    await expect(
      sdk.getIntentRoute(input({ tokenRequests: [{ tokenAddress: 'USDC' }, { tokenAddress: 'WETH' }] })),
    ).rejects.toBeInstanceOf(OnlyOneTargetTokenAmountCanBeUnsetError)
    await expect(
      sdk.getIntentRoute(
        input({
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDT0', amount: 1n }],
          options: { topupCompact: false, settlementLayers: ['ACROSS'] },
          accountAccessList: { chainIds: [10] },
        }),
      ),
    ).rejects.toBeInstanceOf(NoPathFoundError)
  })
})

describe('@rhinestone/sdk account.prepareTransaction for more than the account holds', () => {
  // A 200 with intentOp: null used to crash the client (TypeError reading 'elements'): now it is the
  // 422 Insufficient balance it maps to its typed error.
  it("rejects with the client's InsufficientBalanceError", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await rhinestone.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    await chain.lockUsdcFor(10, account.getAddress(), parseUnits('10', 6))
    const prepared = account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      tokenRequests: [{ address: usdcBase, amount: parseUnits('500', 6) }],
    })
    const error = await prepared.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InsufficientBalanceError)
    expect(error).toMatchObject({ message: 'Insufficient balance', statusCode: 422 })
  })
})
