// The typed data we build for a route is byte-identical to what @rhinestone/sdk builds from the
// same intentOp, for each of its three signing paths, and the demo account's signature over it
// recovers to the route's sponsor.
import {
  type Address,
  type Chain,
  createPublicClient,
  hashTypedData,
  http,
  parseUnits,
  recoverTypedDataAddress,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { routeRequestSchema } from '../../lib/api/routeRequest'
import { priceFeeds } from '../../lib/core/addresses'
import { chains } from '../../lib/core/chains/chains'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { routeTypedData } from '../../lib/core/intentOp/typedData'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { defaultFeeModel } from '../../lib/core/route/feeModel'
import { quoteRoute } from '../../lib/core/route/quoteRoute'
import { demoAccount, fillerAccount } from '../../lib/devnet/demoAccount'
import { devnetActions } from '../support/devnetActions'
import { sdkMessages } from '../support/settlement'

const rpcUrls = inject('rpcUrls')
const demo = inject('demoAddress')
const readers = chains.map((c) => ({
  chainId: c.id,
  client: createPublicClient({ chain: c.viem as Chain, transport: http(rpcUrls[c.id]) }),
}))
const signer = privateKeyToAccount(generatePrivateKey())

async function route(body: Record<string, unknown>, account: Address = demo): Promise<WireIntentOp> {
  const input = routeRequestSchema.parse({ account: { address: account }, ...body })
  const { intentOp } = await quoteRoute({
    input,
    readers,
    lockTags: [defaultLockTag],
    prices: { chainId: 1, feeds: priceFeeds.feeds, maxAgeSeconds: 90_000 },
    model: defaultFeeModel(3),
    ttlSeconds: 600,
    nonce: 7n,
    signer,
    fillerAddress: fillerAccount.address,
  })
  expect(intentOp).not.toBeNull()
  return intentOp!
}

const chain = devnetActions(rpcUrls)

/** A fresh account with an EIP-7702 delegation on `chainId` (so it can run operations there), the
 * stablecoins given, and ETH for gas on each chain it holds them on. */
async function delegatedAccount(chainId: number, funds: { chainId: number; amount: string; symbol?: string }[]) {
  const account = privateKeyToAccount(generatePrivateKey())
  await chain.delegateToNexus(chainId, account) // first: it leaves the account's ETH there at 0
  for (const f of funds) {
    await chain.setEth(f.chainId, account.address, parseUnits('0.05', 18))
    await chain.mint(f.chainId, f.symbol ?? 'USDC', account.address, parseUnits(f.amount, 6))
  }
  return account
}

const text = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))

async function expectIdentical(
  intentOp: WireIntentOp,
  primaryType: string,
  signer: PrivateKeyAccount | typeof demoAccount = demoAccount,
) {
  const ours = routeTypedData(intentOp, intentOp.sponsor)
  const theirs = sdkMessages(intentOp.sponsor, intentOp)
  expect(ours).toHaveLength(intentOp.elements.length)
  expect(ours.map((t) => t.primaryType)).toEqual(intentOp.elements.map(() => primaryType))
  for (const [i, typed] of ours.entries()) {
    expect(JSON.parse(text(typed))).toEqual(JSON.parse(text(theirs[i])))
    expect(text(typed)).toBe(text(theirs[i]))
    expect(hashTypedData(typed as never)).toBe(hashTypedData(theirs[i] as never))
    // The demo account signs through its key; the signature recovers to the sponsor.
    const signature = await signer.signTypedData(typed as never)
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
    // Destination executions need an account that can run them: delegated (EIP-7702) on chain 10.
    const account = await delegatedAccount(10, [
      { chainId: 8453, amount: '1000' },
      { chainId: 42161, amount: '800' },
    ])
    const intentOp = await route(
      {
        destinationChainId: 10,
        tokenRequests: [{ tokenAddress: 'USDC', amount: parseUnits('1500', 6).toString() }],
        accountAccessList: { chainIds: [8453, 42161] },
        destinationExecutions: [{ to: '0x000000000000000000000000000000000000bEEF', value: '0', data: '0xa9059cbb' }],
      },
      account.address,
    )
    expect(intentOp.elements.length).toBeGreaterThan(1)
    expect(intentOp.elements.at(-1)!.mandate.destinationOps.ops).toHaveLength(1)
    await expectIdentical(intentOp, 'PermitBatchWitnessTransferFrom', account)
  })

  it(
    'SingleChainOps for USDT0 over OFT, sent by the account ' + 'through its intent executor on the source chain',
    async () => {
      const account = await delegatedAccount(10, [{ chainId: 10, amount: '100', symbol: 'USDT0' }])
      const intentOp = await route(
        {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDT0', amount: parseUnits('50', 6).toString() }],
          accountAccessList: { chainIds: [10] },
        },
        account.address,
      )
      expect(intentOp.elements.map((e) => e.mandate.destinationChainId)).toEqual(['10'])
      await expectIdentical(intentOp, 'SingleChainOps', account)
    },
  )

  it('SingleChainOps for a call-only intent of an account that runs the intent executor', async () => {
    const account = await delegatedAccount(8453, [{ chainId: 8453, amount: '20' }])
    const intentOp = await route(
      {
        destinationChainId: 8453,
        tokenRequests: [],
        destinationExecutions: [{ to: account.address, value: '0', data: '0x' }],
      },
      account.address,
    )
    expect(intentOp.elements.map((e) => e.mandate.qualifier.settlementContext.settlementLayer)).toEqual([
      'INTENT_EXECUTOR',
    ])
    await expectIdentical(intentOp, 'SingleChainOps', account)
  })
})
