// The typed data we build for a route is byte-identical to what @rhinestone/sdk builds from the
// same intentOp, for each of its three signing paths, and the demo account's signature over it
// recovers to the route's sponsor.
import { getCompactTypedData } from '@rhinestone/sdk/dist/src/execution/compact'
import { getTypedData as getPermit2TypedData } from '@rhinestone/sdk/dist/src/execution/permit2'
import { getTypedData as getSingleChainOpsTypedData } from '@rhinestone/sdk/dist/src/execution/singleChainOps'
import { createPublicClient, hashTypedData, http, parseUnits, recoverTypedDataAddress, type Chain } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { routeRequestSchema } from '../../lib/api/routeRequest'
import { addresses, priceFeeds } from '../../lib/core/addresses'
import { chains } from '../../lib/core/chains/chains'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { defaultFeeModel } from '../../lib/core/route/feeModel'
import { getRoute } from '../../lib/core/route/getRoute'
import type { WireIntentOp } from '../../lib/core/route/intentOp'
import { routeTypedData } from '../../lib/core/route/typedData'
import { demoAccount } from '../../lib/devnet/demoAccount'

const rpcUrls = inject('rpcUrls')
const demo = inject('demoAddress')
const readers = chains.map((c) => ({ chainId: c.id, client: createPublicClient({ chain: c.viem as Chain, transport: http(rpcUrls[c.id]) }) }))
const signer = privateKeyToAccount(generatePrivateKey())

async function route(body: Record<string, unknown>): Promise<WireIntentOp> {
  const input = routeRequestSchema.parse({ account: { address: demo }, ...body })
  const { intentOp } = await getRoute({
    input,
    readers,
    lockTags: [defaultLockTag],
    prices: { chainId: 1, feeds: priceFeeds.feeds, maxAgeSeconds: 90_000 },
    model: defaultFeeModel(3),
    ttlSeconds: 600,
    nonce: 7n,
    signer,
  })
  expect(intentOp).not.toBeNull()
  return intentOp!
}

const text = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))

/** What the SDK's getIntentMessages builds for an intentOp (execution/utils.js), per element. */
function sdkTypedData(intentOp: WireIntentOp) {
  const op = intentOp as never
  const contexts = intentOp.elements.map((e) => e.mandate.qualifier.settlementContext)
  return intentOp.elements.map((element) => {
    if (contexts.some((c) => c.settlementLayer === 'INTENT_EXECUTOR')) return getSingleChainOpsTypedData(demo, addresses.intentExecutor, element as never, BigInt(intentOp.nonce))
    if (contexts.some((c) => c.fundingMethod === 'PERMIT2')) return getPermit2TypedData(element as never, BigInt(intentOp.nonce), BigInt(intentOp.expires))
    return getCompactTypedData(op)
  })
}

async function expectIdentical(intentOp: WireIntentOp, primaryType: string) {
  const ours = routeTypedData(intentOp, demo)
  const theirs = sdkTypedData(intentOp)
  expect(ours).toHaveLength(intentOp.elements.length)
  expect(ours.map((t) => t.primaryType)).toEqual(intentOp.elements.map(() => primaryType))
  for (const [i, typed] of ours.entries()) {
    expect(JSON.parse(text(typed))).toEqual(JSON.parse(text(theirs[i])))
    expect(text(typed)).toBe(text(theirs[i]))
    expect(hashTypedData(typed as never)).toBe(hashTypedData(theirs[i] as never))
    // The demo account signs through its key; the signature recovers to the sponsor.
    const signature = await demoAccount.signTypedData(typed as never)
    expect(await recoverTypedDataAddress({ ...(typed as object), signature } as never)).toBe(intentOp.sponsor)
  }
}

describe('route typed data is byte-identical to @rhinestone/sdk', () => {
  it('MultichainCompact for a route funded from locks (USDC locked on OP, wanted on Base)', async () => {
    const intentOp = await route({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: parseUnits('300', 6).toString() }],
      accountAccessList: { chainIds: [10] },
    })
    expect(intentOp.elements.every((e) => e.mandate.qualifier.settlementContext.fundingMethod === 'COMPACT')).toBe(true)
    await expectIdentical(intentOp, 'MultichainCompact')
  })

  it('PermitBatchWitnessTransferFrom for unlocked funds, split over several chains', async () => {
    const intentOp = await route({
      destinationChainId: 10,
      tokenRequests: [{ tokenAddress: 'USDC', amount: parseUnits('1500', 6).toString() }],
      accountAccessList: { chainIds: [8453, 42161] },
      destinationExecutions: [{ to: '0x000000000000000000000000000000000000bEEF', value: '0', data: '0xa9059cbb' }],
    })
    expect(intentOp.elements.length).toBeGreaterThan(1)
    expect(intentOp.elements.at(-1)!.mandate.destinationOps.ops).toHaveLength(1)
    await expectIdentical(intentOp, 'PermitBatchWitnessTransferFrom')
  })

  it('SingleChainOps when an element settles through the intent executor (USDT0 over OFT)', async () => {
    const intentOp = await route({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDT0', amount: parseUnits('50', 6).toString() }],
      accountAccessList: { chainIds: [10] },
    })
    expect(intentOp.elements[0]!.mandate.qualifier.settlementContext.settlementLayer).toBe('INTENT_EXECUTOR')
    await expectIdentical(intentOp, 'SingleChainOps')
  })
})
