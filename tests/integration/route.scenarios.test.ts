// The route engine on the devnet: each scenario funds a fresh account with exactly what it needs,
// and checks the route's numbers against what the chain holds and the fee model (recomputed in
// tests/support/routeEngine.ts from feed answers, gas prices and the GasPriceOracle).
import { type Address, erc20Abi, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { decodeLockId, lockId } from '../../lib/core/locks/lockId'
import {
  arbiters,
  ctxOf,
  elementOn,
  elementsOf,
  expectedFees,
  type Market,
  outId,
  routeEngine,
  sum,
  TTL_SECONDS,
  token,
  usd,
} from '../support/routeEngine'

const engine = routeEngine()
const { chain } = engine
const usdc = (v: string) => parseUnits(v, 6)
const request = (
  account: Address,
  destinationChainId: number,
  tokenRequests: { tokenAddress: string; amount?: string }[],
  extra: object = {},
) => ({
  destinationChainId,
  tokenRequests,
  account: { address: account },
  ...extra,
})

/** Invariants of every fulfilled route: element order and mandate fields, metadata equal to the chain's. */
async function expectWellFormed(op: WireIntentOp, destination: number, recipient: Address, m: Market) {
  expect(
    op.elements.at(-1)!.chainId === String(destination) || op.elements.every((e) => e.chainId !== String(destination)),
  ).toBe(true)
  const { timestamp } = await chain.client(destination).getBlock()
  for (const [i, e] of op.elements.entries()) {
    expect(e.spendTokens).toEqual(e.idsAndAmounts)
    expect(e.arbiter).toBe(arbiters[ctxOf(e).settlementLayer])
    expect(e.mandate).toMatchObject({
      recipient,
      destinationChainId: String(destination),
      fillDeadline: String(timestamp + TTL_SECONDS),
    })
    expect(e.mandate.minGas).toBe('0') // no executions
    if (i < op.elements.length - 1) expect(e.mandate.destinationOps.ops).toEqual([])
  }
  expect(op.expires).toBe(String(timestamp + TTL_SECONDS + 600n))
  for (const [id, price] of Object.entries(m.gasPrices)) expect(op.signedMetadata.gasPrices[id]).toBe(price.toString())
  for (const [id, params] of Object.entries(m.opGasParams)) expect(op.signedMetadata.opGasParams[id]).toEqual(params)
  expect(op.signedMetadata.tokenPrices).toMatchObject({
    ETH: usd(m.prices.ETH.answer),
    USDC: usd(m.prices.USDC.answer),
    USDT0: usd(m.prices.USDT.answer),
  })
}

describe('same chain', () => {
  it(
    'funds only on the destination: one SAME_CHAIN element, ' + 'tokenOut = amount, idsAndAmounts = amount + model fee',
    async () => {
      const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('250') }])
      const r = await engine.fulfilled(request(user.address, 8453, [{ tokenAddress: 'USDC', amount: '100000000' }]))
      const m = await engine.market()
      const op = r.intentOp
      expect(op.elements).toHaveLength(1)
      const [e] = op.elements
      expect(e!.chainId).toBe('8453')
      expect(ctxOf(e!)).toMatchObject({ settlementLayer: 'SAME_CHAIN', fundingMethod: 'PERMIT2', using7579: true })
      expect(e!.mandate.tokenOut).toEqual([[outId(8453, 'USDC'), '100000000']])

      const fees = await expectedFees(m, {
        destinationChainId: 8453,
        elements: elementsOf(op),
        targets: [{ token: token(8453, 'USDC'), amount: usdc('100') }],
        feeToken: token(8453, 'USDC'),
      })
      expect(fees.bridge).toBe(0n)
      expect(fees.charge).toBeGreaterThan(0n)
      expect(e!.idsAndAmounts).toEqual([[outId(8453, 'USDC'), (usdc('100') + fees.charge).toString()]])
      expect(r.intentCost).toMatchObject({
        hasFulfilledAll: true,
        feeToken: { tokenSymbol: 'USDC', amount: fees.charge.toString() },
      })
      expect(r.intentCost.tokensReceived).toEqual([
        expect.objectContaining({
          targetAmount: '100000000',
          amountSpent: (usdc('100') + fees.charge).toString(),
          fee: fees.charge.toString(),
          hasFulfilled: true,
        }),
      ])
      expect((r.intentCost as { feeBreakdownUSD: { totalFeeUSD: number } }).feeBreakdownUSD.totalFeeUSD).toBe(
        usd(fees.user),
      )
      await expectWellFormed(op, 8453, user.address, m)
    },
  )
})

describe('single source, cross chain', () => {
  it(
    'USDC only on 10, requested on 42161: one element on ' + '10 over the cheapest layer, arbiter of that layer',
    async () => {
      const user = await engine.funded([{ chainId: 10, symbol: 'USDC', amount: usdc('1000') }])
      const r = await engine.fulfilled(
        request(user.address, 42161, [{ tokenAddress: token(42161, 'USDC').address, amount: '500000000' }]),
      )
      const m = await engine.market()
      const op = r.intentOp
      expect(op.elements.map((e) => e.chainId)).toEqual(['10'])
      const e = op.elements[0]!
      expect(ctxOf(e).settlementLayer).toBe('ACROSS')
      expect(ctxOf(e).fundingMethod).toBe('PERMIT2')
      expect(e.arbiter).toBe(arbiters.ACROSS)
      expect(e.mandate.tokenOut).toEqual([[outId(42161, 'USDC'), '500000000']])
      const fees = await expectedFees(m, {
        destinationChainId: 42161,
        elements: elementsOf(op),
        targets: [{ token: token(42161, 'USDC'), amount: usdc('500') }],
        feeToken: token(42161, 'USDC'),
      })
      expect(e.idsAndAmounts).toEqual([[outId(10, 'USDC'), (usdc('500') + fees.charge).toString()]])
      expect(r.intentCost.feeToken.amount).toBe(fees.charge.toString())
      await expectWellFormed(op, 42161, user.address, m)
    },
  )

  // Expected layer: the one whose fee (model, same gas for all three) is lowest for the amount the
  // route actually moves. 50 → RELAY ($0.05 vs ECO $0.055, ACROSS $0.07), 150 → ECO, 500 → ACROSS.
  it.each([
    ['50', '1000'],
    ['150', '1000'],
    ['500', '1000'],
    ['50', '60'],
  ])('picks the layer cheapest for the amount moved: %s USDC requested, %s USDC held', async (amount, held) => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc(held) }])
    const r = await engine.fulfilled(
      request(user.address, 42161, [{ tokenAddress: 'USDC', amount: usdc(amount).toString() }]),
    )
    const m = await engine.market()
    const e = r.intentOp.elements[0]!
    const moved = sum(e.idsAndAmounts)
    const costs = await Promise.all(
      (['ACROSS', 'ECO', 'RELAY'] as const).map(async (layer) => ({
        layer,
        usd8: (
          await expectedFees(m, {
            destinationChainId: 42161,
            elements: [
              { chainId: 8453, funding: 'PERMIT2', layer, legs: [{ token: token(8453, 'USDC'), amount: moved }] },
            ],
            targets: [{ token: token(42161, 'USDC'), amount: usdc(amount) }],
            feeToken: token(42161, 'USDC'),
          })
        ).user,
      })),
    )
    const cheapest = costs.reduce((a, b) => (b.usd8 < a.usd8 ? b : a))
    expect(ctxOf(e).settlementLayer, JSON.stringify(costs.map((c) => [c.layer, usd(c.usd8)]))).toBe(cheapest.layer)
    if (cheapest.layer === 'ECO') expect(ctxOf(e).provingFee).toBe('30000') // $0.03 in USDC units
    if (cheapest.layer === 'RELAY') expect(ctxOf(e).requestId).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe('several sources', () => {
  it(
    'no chain has enough: destination funds first, tokenOut ' +
      'sums to the request, the rest from the cheaper source first',
    async () => {
      const user = await engine.funded([
        { chainId: 42161, symbol: 'USDC', amount: usdc('300') },
        { chainId: 8453, symbol: 'USDC', amount: usdc('500') },
        { chainId: 10, symbol: 'USDC', amount: usdc('500') },
      ])
      const r = await engine.fulfilled(
        request(user.address, 42161, [{ tokenAddress: 'USDC', amount: usdc('1000').toString() }]),
      )
      const m = await engine.market()
      const op = r.intentOp
      expect(op.elements.map((e) => e.chainId)).toEqual(['10', '8453', '42161'])
      const dest = elementOn(op, 42161)!
      expect(ctxOf(dest).settlementLayer).toBe('SAME_CHAIN')
      expect(dest.idsAndAmounts).toEqual([[outId(42161, 'USDC'), usdc('300').toString()]])
      expect(dest.mandate.tokenOut).toEqual([[outId(42161, 'USDC'), usdc('300').toString()]])
      expect(op.elements.reduce((s, e) => s + sum(e.mandate.tokenOut), 0n)).toBe(usdc('1000'))

      const fees = await expectedFees(m, {
        destinationChainId: 42161,
        elements: elementsOf(op),
        targets: [{ token: token(42161, 'USDC'), amount: usdc('1000') }],
        feeToken: token(42161, 'USDC'),
      })
      expect(op.elements.reduce((s, e) => s + sum(e.idsAndAmounts), 0n)).toBe(usdc('1000') + fees.charge)
      // Both remote sources hold 500 and cross over the same layer: the one with cheaper claim gas is drained first.
      const claimUsd8 = async (id: number) =>
        (
          await expectedFees(m, {
            destinationChainId: 42161,
            elements: [
              {
                chainId: id,
                funding: 'PERMIT2',
                layer: 'SAME_CHAIN',
                legs: [{ token: token(id, 'USDC'), amount: 1n }],
              },
            ],
            targets: [],
            feeToken: token(id, 'USDC'),
          })
        ).gas
      const [first, second] = (await claimUsd8(10)) <= (await claimUsd8(8453)) ? [10, 8453] : [8453, 10]
      expect(sum(elementOn(op, first)!.idsAndAmounts)).toBe(usdc('500'))
      expect(sum(elementOn(op, second)!.idsAndAmounts)).toBe(usdc('200') + fees.charge)
      expect(sum(elementOn(op, second)!.mandate.tokenOut)).toBe(usdc('200'))
      await expectWellFormed(op, 42161, user.address, m)
    },
  )
})

describe('locked funds', () => {
  it('only locked in The Compact: COMPACT funding, ids = lock tag ‖ token, no token requirements', async () => {
    const user = await engine.funded([
      { chainId: 10, symbol: 'ETH', amount: parseUnits('0.01', 18) },
      { chainId: 10, symbol: 'USDC', amount: usdc('400') },
    ])
    await chain.lockErc20(10, user, 'USDC', usdc('400'), defaultLockTag)
    const usdc10 = token(10, 'USDC').address
    expect(await chain.erc20Balance(10, 'USDC', user.address)).toBe(0n)
    expect(await chain.lockedBalance(10, user.address, lockId(defaultLockTag, usdc10))).toBe(usdc('400'))

    const r = await engine.fulfilled(
      request(user.address, 8453, [{ tokenAddress: 'USDC', amount: usdc('300').toString() }]),
    )
    const m = await engine.market()
    const op = r.intentOp
    expect(op.elements).toHaveLength(1)
    const e = op.elements[0]!
    expect(e.chainId).toBe('10')
    expect(ctxOf(e).fundingMethod).toBe('COMPACT')
    const [[id, amount]] = e.idsAndAmounts as [[string, string]]
    expect(decodeLockId(BigInt(id))).toMatchObject({ lockTag: defaultLockTag, token: usdc10, scope: 0, resetPeriod: 6 })
    const fees = await expectedFees(m, {
      destinationChainId: 8453,
      elements: elementsOf(op),
      targets: [{ token: token(8453, 'USDC'), amount: usdc('300') }],
      feeToken: token(8453, 'USDC'),
    })
    expect(amount).toBe((usdc('300') + fees.charge).toString())
    expect(r.tokenRequirements).toEqual({})
    expect((r.intentCost as { tokensSpent: unknown }).tokensSpent).toEqual({
      '10': { [usdc10]: { locked: amount, unlocked: '0', version: 1 } },
    })
    await expectWellFormed(op, 8453, user.address, m)
  })
})

describe('token requirements', () => {
  it(
    'unlocked ERC-20 without a Permit2 allowance: PERMIT2 ' +
      'and an approval requirement, gone once approved on chain',
    async () => {
      const user = await engine.funded([
        { chainId: 8453, symbol: 'ETH', amount: parseUnits('0.01', 18) },
        { chainId: 8453, symbol: 'USDC', amount: usdc('200') },
      ])
      const usdc8453 = token(8453, 'USDC').address
      const body = request(user.address, 42161, [{ tokenAddress: 'USDC', amount: usdc('120').toString() }])
      const approve = async (amount: bigint) => {
        const c = chain.client(8453)
        await c.waitForTransactionReceipt({
          hash: await c.writeContract({
            address: usdc8453,
            abi: erc20Abi,
            functionName: 'approve',
            args: [addresses.permit2, amount],
            account: user,
            chain: c.chain,
          }),
        })
        expect(
          await c.readContract({
            address: usdc8453,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [user.address, addresses.permit2],
          }),
        ).toBe(amount)
      }

      const before = await engine.fulfilled(body)
      expect(ctxOf(before.intentOp.elements[0]!).fundingMethod).toBe('PERMIT2')
      const spent = sum(before.intentOp.elements[0]!.idsAndAmounts).toString()
      expect(before.tokenRequirements).toEqual({
        '8453': { [usdc8453]: { type: 'approval', amount: spent, spender: addresses.permit2 } },
      })

      await approve(usdc('100')) // less than the route spends: still required, for the full amount
      const partial = await engine.fulfilled(body)
      expect(partial.tokenRequirements).toEqual({
        '8453': {
          [usdc8453]: {
            type: 'approval',
            amount: sum(partial.intentOp.elements[0]!.idsAndAmounts).toString(),
            spender: addresses.permit2,
          },
        },
      })

      await approve(usdc('200'))
      const after = await engine.fulfilled(body)
      expect(ctxOf(after.intentOp.elements[0]!).fundingMethod).toBe('PERMIT2')
      expect(after.tokenRequirements).toEqual({})
    },
  )

  it.each([
    ['ETH', '0x0000000000000000000000000000000000000000'],
    ['WETH', token(42161, 'WETH').address],
  ])(
    'unlocked native ETH for a %s request: spends WETH, wrap requirement keyed by the zero address',
    async (symbol, out) => {
      const held = parseUnits('0.5', 18)
      const want = parseUnits('0.2', 18)
      const user = await engine.funded([{ chainId: 8453, symbol: 'ETH', amount: held }])
      const r = await engine.fulfilled(request(user.address, 42161, [{ tokenAddress: out, amount: want.toString() }]))
      const m = await engine.market()
      const e = r.intentOp.elements[0]!
      const weth = token(8453, 'WETH').address
      expect(r.intentOp.elements).toHaveLength(1)
      expect(e.chainId).toBe('8453')
      expect(ctxOf(e).fundingMethod).toBe('PERMIT2')
      expect(e.mandate.tokenOut).toEqual([[lockId(defaultLockTag, out as Address).toString(), want.toString()]])
      const fees = await expectedFees(m, {
        destinationChainId: 42161,
        elements: elementsOf(r.intentOp),
        targets: [{ token: token(42161, symbol), amount: want }],
        feeToken: token(42161, symbol),
      })
      const spent = want + fees.charge
      expect(e.idsAndAmounts).toEqual([[lockId(defaultLockTag, weth).toString(), spent.toString()]])
      expect(r.tokenRequirements).toEqual({
        '8453': {
          [weth]: { type: 'approval', amount: spent.toString(), spender: addresses.permit2 },
          '0x0000000000000000000000000000000000000000': { type: 'wrap', amount: spent.toString() },
        },
      })
      expect((r.intentCost as { tokensSpent: unknown }).tokensSpent).toEqual({
        '8453': {
          '0x0000000000000000000000000000000000000000': { locked: '0', unlocked: spent.toString(), version: 1 },
        },
      })
      expect(await chain.ethBalance(8453, user.address)).toBe(held)
    },
  )
})

describe('max and shortfall', () => {
  it('one request without amount delivers everything available minus the fee for what it delivers', async () => {
    const held = usdc('200')
    const user = await engine.funded([{ chainId: 42161, symbol: 'USDC', amount: held }])
    const r = await engine.fulfilled(request(user.address, 42161, [{ tokenAddress: 'USDC' }]))
    const m = await engine.market()
    const e = r.intentOp.elements[0]!
    expect(e.idsAndAmounts).toEqual([[outId(42161, 'USDC'), held.toString()]])
    // Largest target T with T + fee(T) <= held, fee(T) by the model (its protocol part grows with T).
    const feeFor = async (target: bigint) =>
      (
        await expectedFees(m, {
          destinationChainId: 42161,
          elements: elementsOf(r.intentOp),
          targets: [{ token: token(42161, 'USDC'), amount: target }],
          feeToken: token(42161, 'USDC'),
        })
      ).charge
    let [lo, hi] = [0n, held]
    while (lo < hi) {
      const mid = (lo + hi + 1n) / 2n
      if (mid + (await feeFor(mid)) <= held) lo = mid
      else hi = mid - 1n
    }
    const delivered = sum(e.mandate.tokenOut)
    expect.soft(delivered, 'delivered = largest target whose own fee still fits').toBe(lo)
    expect
      .soft(r.intentCost.feeToken.amount, 'reported fee = what the route keeps (held − delivered)')
      .toBe((held - delivered).toString())
    expect.soft(r.intentCost.tokensReceived[0]!.fee).toBe(r.intentCost.feeToken.amount)
  })

  it('asking for more than the account has: no intentOp, hasFulfilledAll false, the exact shortfall', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('120') }])
    const m = await engine.market()
    const r = await engine.route(
      request(user.address, 42161, [{ tokenAddress: 'USDC', amount: usdc('500').toString() }]),
    )
    expect(r.intentOp).toBeNull()
    expect(r.tokenRequirements).toEqual({})
    // The plan draws all 120 from 8453 over the layer cheapest for 120 (ECO: $0.09 vs RELAY $0.092, ACROSS $0.098).
    const spec = {
      destinationChainId: 42161,
      targets: [{ token: token(42161, 'USDC'), amount: usdc('500') }],
      feeToken: token(42161, 'USDC'),
    }
    const fee = await expectedFees(m, {
      ...spec,
      elements: [
        {
          chainId: 8453,
          funding: 'PERMIT2',
          layer: 'ECO',
          legs: [{ token: token(8453, 'USDC'), amount: usdc('120') }],
        },
      ],
    })
    const shortfall = usdc('500') + fee.charge - usdc('120')
    expect(r.intentCost).toMatchObject({
      hasFulfilledAll: false,
      tokenShortfall: [
        {
          tokenAddress: token(42161, 'USDC').address,
          tokenSymbol: 'USDC',
          tokenDecimals: 6,
          targetAmount: '500000000',
          feeAmount: fee.charge.toString(),
          availableAmount: '120000000',
          shortfallAmount: shortfall.toString(),
        },
      ],
      totalTokenShortfallInUSD: usd((shortfall * m.prices.USDC.answer) / 10n ** 6n),
    })
  })
})
