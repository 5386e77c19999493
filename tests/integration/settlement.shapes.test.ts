// The route shapes beyond plain USDC, settled through the real stack: native ETH wrapped into WETH,
// ETH across chains, a sponsored route, a fee paid in another token, and the sponsor unwrapping its
// WETH after signing (before the filler escrows, and between two escrows). After each, raw chain
// reads show that the filler never lost tokens net of what it was paid (ETH and WETH counted as one
// asset, its gas given back), and that the account either got exactly tokenOut and paid what the
// route spends, or lost nothing (refunds included), with the intent in a final state. A stack of its
// own: it stops the filler and moves the chains' clocks.
import { type Address, encodeFunctionData, type Hex, parseAbi, parseEther, parseUnits, zeroAddress } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeLockId } from '../../lib/core/locks/lockId'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { settlementPlan } from '../../lib/filler/settlementCalls'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { adversarialStack, stepBeforeCrash, waitFor } from '../support/adversary'
import { expectedMoves, type Funds, fundedAccount, settlement } from '../support/settlement'
import { type Amounts, gasSince, heads, holdingsOf } from '../support/settlementInvariant'

const suite = adversarialStack('route shapes suite')
let sponsored: ReturnType<typeof settlement>
const usdc = (v: string) => parseUnits(v, 6)
const wethAbi = parseAbi(['function withdraw(uint256)', 'function balanceOf(address) view returns (uint256)'])
const filler = fillerAccount.address

beforeAll(async () => {
  const { key } = await createApiKey(suite.sql, {
    name: 'shapes suite sponsor',
    scopes: ['routes:create', 'routes:read', 'routes:sponsor'],
  })
  sponsored = settlement({ baseUrl: suite.stack.baseUrl, apiKey: key, rpcUrls: suite.stack.devnet.rpcUrls })
})

type Holdings = { amounts: Amounts; blocks: Record<number, bigint> }

/** An owner's holdings on every chain, read from chain; with the heads. */
async function holdings(owner: Address): Promise<Holdings> {
  const blocks = await heads(suite.s.chain)
  return { amounts: await holdingsOf(suite.s.chain, owner), blocks }
}

/** An asset summed over every chain (USDC; ETH counts native ETH and WETH). */
const total = (amounts: Amounts, asset: 'USDC' | 'ETH') =>
  [...amounts].reduce((sum, [key, v]) => (key.endsWith(`:${asset}`) && !key.includes(':locked:') ? sum + v : sum), 0n)

/** What `owner` paid in gas on every chain since `since`. */
const gasPaid = async (owner: Address, since: Holdings) =>
  -total(await gasSince(suite.s.chain, owner, since.blocks), 'ETH')

/** The filler's holdings net of its gas never went down: it lost no token settling. */
async function expectFillerWhole(before: Holdings) {
  const after = await holdingsOf(suite.s.chain, filler)
  expect(total(after, 'USDC') - total(before.amounts, 'USDC')).toBeGreaterThanOrEqual(0n)
  expect(total(after, 'ETH') + (await gasPaid(filler, before)) - total(before.amounts, 'ETH')).toBeGreaterThanOrEqual(
    0n,
  )
}

/** The account's holdings net of its own gas are what they were: it lost nothing. */
async function expectAccountWhole(account: Address, before: Holdings) {
  const after = await holdingsOf(suite.s.chain, account)
  expect({ usdc: total(after, 'USDC'), eth: total(after, 'ETH') + (await gasPaid(account, before)) }).toEqual({
    usdc: total(before.amounts, 'USDC'),
    eth: total(before.amounts, 'ETH'),
  })
}

const final = (b: any) => ['COMPLETED', 'FAILED', 'EXPIRED'].includes(b.status)

async function unwrapAll(account: PrivateKeyAccount, chainId: number) {
  const weth = suite.s.chain.token(chainId, 'WETH').address
  const held = await suite.s.chain.erc20Balance(chainId, 'WETH', account.address)
  expect(held).toBeGreaterThan(0n)
  await suite.s.chain.send(chainId, {
    account,
    to: weth,
    data: encodeFunctionData({ abi: wethAbi, functionName: 'withdraw', args: [held] }),
    chain: suite.s.chain.client(chainId).chain,
  })
}

/** Funds an account, routes, signs, submits (through `via`), waits for a final state and checks both invariants. */
async function settlesWhole(funds: Funds[], body: Record<string, unknown>, via = suite.s) {
  const account = await fundedAccount(suite.s.chain, funds)
  const fillerBefore = await holdings(filler)
  const route = await via.route(account, { account: { address: account.address, accountType: 'EOA' }, ...body })
  const { intentOp } = route
  const snapshot = await suite.s.snapshot(intentOp, account.address, account.address)
  const submitted = await via.submit(await suite.s.sign(account, intentOp))
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
  const done = await waitFor(intentOp.nonce, final, 'a final state', via)
  expect(done.status, JSON.stringify(done)).toBe('COMPLETED')
  const after = await suite.s.snapshot(intentOp, account.address, account.address)
  for (const [k, delta] of expectedMoves(intentOp, account.address, account.address))
    expect({ key: k, delta: after.get(k)! - snapshot.get(k)! }).toEqual({ key: k, delta })
  await expectFillerWhole(fillerBefore)
  return { intentOp, route }
}

const tokensOut = (intentOp: { elements: { mandate: { tokenOut: [string, string][] } }[] }) =>
  intentOp.elements.flatMap((e) => e.mandate.tokenOut.map(([id]) => decodeLockId(BigInt(id)).token))

describe('route shapes settle without loss', () => {
  it('native ETH wrapped into WETH (a wrap requirement), WETH delivered on another chain', async () => {
    const { intentOp, route } = await settlesWhole([{ chainId: 8453, symbol: 'ETH', amount: parseEther('0.5') }], {
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'WETH', amount: parseEther('0.1').toString() }],
    })
    expect(route.tokenRequirements['8453'][zeroAddress]).toMatchObject({ type: 'wrap' })
    expect(tokensOut(intentOp)).toEqual([suite.s.chain.token(42161, 'WETH').address])
  })

  it('native ETH across chains, delivered as ETH', async () => {
    const { intentOp } = await settlesWhole([{ chainId: 10, symbol: 'ETH', amount: parseEther('0.4') }], {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'ETH', amount: parseEther('0.15').toString() }],
    })
    expect(tokensOut(intentOp)).toEqual([zeroAddress])
  })

  it('sponsored with a routes:sponsor key: the account spends exactly what arrives', async () => {
    const { intentOp } = await settlesWhole(
      [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }],
      {
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('60').toString() }],
        options: {
          sponsorSettings: {
            gasSponsored: true,
            bridgeFeesSponsored: true,
            swapFeesSponsored: true,
            protocolFeesSponsored: true,
          },
        },
      },
      sponsored,
    )
    expect(intentOp.elements.flatMap((e) => e.idsAndAmounts).reduce((sum, [, a]) => sum + BigInt(a), 0n)).toBe(
      usdc('60'),
    )
  })

  it('the fee paid in USDC for ETH delivered on another chain', async () => {
    const { route } = await settlesWhole(
      [
        { chainId: 8453, symbol: 'ETH', amount: parseEther('0.2') },
        { chainId: 8453, symbol: 'USDC', amount: usdc('50') },
      ],
      {
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'ETH', amount: parseEther('0.05').toString() }],
        options: { feeToken: 'USDC' },
      },
    )
    expect(route.intentCost.feeToken.tokenSymbol).toBe('USDC')
  })

  it('the WETH unwrapped after signing, before the filler escrows: a final state, nobody loses', async () => {
    const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'ETH', amount: parseEther('0.5') }])
    await suite.stack.filler.stop()
    const fillerBefore = await holdings(filler)
    let accountBefore: Holdings | undefined
    let id = ''
    try {
      const { intentOp } = await suite.s.route(account, {
        account: { address: account.address, accountType: 'EOA' },
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'WETH', amount: parseEther('0.1').toString() }],
      })
      id = intentOp.nonce
      accountBefore = await holdings(account.address) // after the wrap: what the account holds when it signs
      expect((await suite.s.submit(await suite.s.sign(account, intentOp))).status).toBe(201)
      await unwrapAll(account, 8453)
    } finally {
      await suite.stack.filler.start()
    }
    const done = await waitFor(id, final, 'a final state')
    expect(done.status).toBe('FAILED')
    expect(done.fillTransactionHash).toBeUndefined()
    await expectAccountWhole(account.address, accountBefore!)
    await expectFillerWhole(fillerBefore)
  })

  it(
    'the WETH unwrapped on the second chain after the first ' +
      'escrow: FAILED, the escrow returned at once, nobody loses',
    async () => {
      const account = await fundedAccount(suite.s.chain, [
        { chainId: 8453, symbol: 'ETH', amount: parseEther('0.15') },
        { chainId: 10, symbol: 'ETH', amount: parseEther('0.15') },
      ])
      await suite.stack.filler.stop()
      const fillerBefore = await holdings(filler)
      const { intentOp } = await suite.s.route(account, {
        account: { address: account.address, accountType: 'EOA' },
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'WETH', amount: parseEther('0.25').toString() }],
      })
      expect(intentOp.elements).toHaveLength(2)
      const accountBefore = await holdings(account.address)
      const signed = await suite.s.sign(account, intentOp)
      expect((await suite.s.submit(signed)).status).toBe(201)
      const plan = settlementPlan(signed, signed.originSignatures as Hex[], filler)
      const [first, second] = plan.elements
      try {
        await stepBeforeCrash(intentOp.nonce, 'escrow:0', first!.escrow!.call)
        await unwrapAll(account, second!.chainId)
      } finally {
        await suite.stack.filler.start()
      }
      const failed = await waitFor(intentOp.nonce, final, 'a final state')
      expect(failed.status).toBe('FAILED')
      expect(failed.fillTransactionHash).toBeUndefined()
      expect(failed.refunds).toMatchObject([{ chainId: first!.chainId }])
      // No fill was sent: the filler returns the escrow at once, before the public refund is due.
      const refunded = await waitFor(intentOp.nonce, (b) => b.refunds?.[0]?.status === 'COMPLETED', 'a returned escrow')
      expect(refunded.refunds[0].transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
      const client = suite.s.chain.client(first!.chainId)
      const [state, refundableAfter] = await client.readContract({
        address: first!.arbiter,
        abi: artifacts.arbiter.abi,
        functionName: 'escrowOf',
        args: [account.address, BigInt(intentOp.nonce)],
      })
      expect(state).toBe(3) // refunded
      const receipt = await client.getTransactionReceipt({ hash: refunded.refunds[0].transactionHash })
      expect((await client.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBeLessThanOrEqual(
        refundableAfter,
      )
      await expectAccountWhole(account.address, accountBefore)
      await expectFillerWhole(fillerBefore)
    },
  )
})
