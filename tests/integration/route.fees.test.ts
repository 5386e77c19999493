// Routes whose fee has more parts than gas (sponsorship, a fee paid in another asset than the one
// requested, destination executions), and the LayerZero OFT path for USDT0. Expected fees
// come from the fee model recomputed against chain state (tests/support/routeEngine.ts).
import { pad, parseUnits, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { EXECUTOR_OVERHEAD_GAS, MAX_DESTINATION_CALL_GAS } from '../../lib/core/settlement/destinationGas'
import { burnCall, deployGasBurner, GAS_PER_TURN } from '../support/gasBurner'
import {
  bridgeUsd8,
  ctxOf,
  elementOn,
  elementsOf,
  expectedFees,
  fromUsd8,
  outId,
  routeEngine,
  sum,
  token,
  usd,
} from '../support/routeEngine'

const engine = routeEngine()
const usdc = (v: string) => parseUnits(v, 6)

describe('OFT (USDT0 over LayerZero)', () => {
  // The account's own send through its intent executor, on the source chain: one element whose ops
  // pay the fee to the filler, approve the adapter where it needs it, and send with LayerZero's fee
  // (handed over by the filler: prefundAmount); the bridge delivers, so no fill gas is charged.
  it.each([
    ['USDT0 on 10, requested on 42161', 10, 'USDT0', 2],
    ['USDT on Ethereum, requested as USDT0 on 42161', 1, 'USDT', 3],
  ] as const)(
    '%s: one element of the account own ops, the fee without a phantom fill',
    async (_, chainId, symbol, opCount) => {
      const user = await engine.funded([{ chainId, symbol, amount: usdc('200') }], { nexusOn: [chainId] })
      const r = await engine.fulfilled({
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'USDT0', amount: '100000000' }],
        account: { address: user.address },
      })
      const [element] = r.intentOp.elements
      expect(r.intentOp.elements).toHaveLength(1)
      expect(element!.chainId).toBe(String(chainId))
      expect(element!.mandate.destinationChainId).toBe(String(chainId))
      const context = element!.mandate.qualifier.settlementContext
      expect(context).toMatchObject({
        settlementLayer: 'INTENT_EXECUTOR',
        fundingMethod: 'NO_FUNDING',
        bridgeFill: { type: 'OFT', destinationChainId: 42161 },
      })
      const ops = element!.mandate.destinationOps.ops
      expect(ops).toHaveLength(opCount) // fee, (approval,) send
      expect(BigInt(ops.at(-1)!.value)).toBe(BigInt(context.prefundAmount ?? '0'))
      expect(BigInt(context.prefundAmount ?? '0')).toBeGreaterThan(0n)
      const cost = r.intentCost as {
        gasCost: { destination: { gasUSD: number } }
        feeBreakdownUSD: { bridgeFeeUSD: number }
        nativeFees: { usd: number }[]
      }
      expect(cost.gasCost.destination.gasUSD).toBe(0)
      expect(cost.feeBreakdownUSD.bridgeFeeUSD).toBeGreaterThanOrEqual(cost.nativeFees[0]!.usd)
    },
  )

  it(
    'USDT0 across chains for an EOA that cannot run ops: ' + '422 at quote time, naming tokenRequests and the reason',
    async () => {
      const user = await engine.funded([{ chainId: 10, symbol: 'USDT0', amount: usdc('200') }])
      const error = await engine
        .route({
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDT0', amount: '100000000' }],
          account: { address: user.address, accountType: 'EOA' },
        })
        .then(
          () => undefined,
          (e: unknown) => e as { kind: string; message: string; details: { context: { field: string } }[] },
        )
      expect(error).toMatchObject({ kind: 'unprocessable', details: [{ context: { field: 'tokenRequests' } }] })
      expect(error!.message).toMatch(/LayerZero OFT, as the account's own send through its intent executor/)
    },
  )

  it('USDT0 the account holds on the destination chain still routes (same chain, no bridge)', async () => {
    const user = await engine.funded([{ chainId: 42161, symbol: 'USDT0', amount: usdc('200') }])
    const r = await engine.fulfilled({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDT0', amount: '100000000' }],
      account: { address: user.address },
    })
    expect(r.intentOp.elements.map((e) => e.chainId)).toEqual(['42161'])
    expect(r.intentOp.elements[0]!.mandate.qualifier.settlementContext.settlementLayer).not.toBe('INTENT_EXECUTOR')
  })
})

describe('sponsorship', () => {
  it('sponsored gas and bridge fees come off the user fee exactly, and show up as sponsorFee.relayer', async () => {
    const user = await engine.funded([{ chainId: 10, symbol: 'USDC', amount: usdc('600') }])
    const body = (sponsorSettings?: object) => ({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('400').toString() }],
      account: { address: user.address },
      options: { sponsorSettings },
    })
    const plain = await engine.fulfilled(body())
    const gasOnly = await engine.fulfilled(body({ gasSponsored: true }))
    const both = await engine.fulfilled(body({ gasSponsored: true, bridgeFeesSponsored: true }))
    const all = await engine.fulfilled(
      body({ gasSponsored: true, bridgeFeesSponsored: true, protocolFeesSponsored: true }),
    )
    const m = await engine.market()
    const target = [{ token: token(8453, 'USDC'), amount: usdc('400') }]
    const feesOf = (r: typeof plain, sponsor: object) =>
      expectedFees(m, {
        destinationChainId: 8453,
        elements: elementsOf(r.intentOp),
        targets: target,
        feeToken: token(8453, 'USDC'),
        sponsor,
      })
    const f = {
      plain: await feesOf(plain, {}),
      gasOnly: await feesOf(gasOnly, { gas: true }),
      both: await feesOf(both, { gas: true, bridge: true }),
      all: await feesOf(all, { gas: true, bridge: true, protocol: true }),
    }

    for (const [r, fee] of [
      [plain, f.plain],
      [gasOnly, f.gasOnly],
      [both, f.both],
      [all, f.all],
    ] as const) {
      expect(sum(r.intentOp.elements[0]!.mandate.tokenOut)).toBe(usdc('400'))
      expect(sum(r.intentOp.elements[0]!.idsAndAmounts)).toBe(usdc('400') + fee.charge)
      expect(r.intentCost.feeToken.amount).toBe(fee.charge.toString())
      expect(r.intentOp.signedMetadata.fees.sponsorFee).toEqual(r.intentCost.sponsorFee)
    }
    expect(plain.intentCost.sponsorFee).toEqual({ relayer: 0, protocol: 0 })
    // The user's fee drops by exactly the sponsored parts: what the engine charges each variant is
    // the model's total minus those parts (asserted above), and with everything sponsored nothing is left.
    expect(f.plain.charge).toBeGreaterThan(f.gasOnly.charge)
    expect(f.gasOnly.charge).toBeGreaterThan(f.both.charge)
    expect(both.intentCost.feeToken.amount).toBe(fromUsd8(f.both.protocol, 6, m.prices.USDC).toString())
    expect(all.intentCost.feeToken.amount).toBe('0')
    expect(gasOnly.intentCost.sponsorFee).toEqual({ relayer: usd(f.gasOnly.gas), protocol: 0 })
    expect(both.intentCost.sponsorFee).toEqual({ relayer: usd(f.both.gas + f.both.bridge), protocol: 0 })
    expect(all.intentCost.sponsorFee).toEqual({ relayer: usd(f.all.gas + f.all.bridge), protocol: usd(f.all.protocol) })
    // Gas does not depend on the amount, so its sponsored part equals the unsponsored route's gas.
    expect(f.both.gas).toBe(f.plain.gas)
    expect(f.plain.bridge).toBe(
      await bridgeUsd8(m, elementsOf(plain.intentOp)[0]!.layer, 10, token(10, 'USDC'), usdc('400') + f.plain.charge),
    )
  })
})

describe('fee token', () => {
  it(
    'ETH requested, fees paid in USDC: the ETH leg moves ' + 'exactly the request, the fee is drawn from USDC',
    async () => {
      const want = parseUnits('0.1', 18)
      const user = await engine.funded([
        { chainId: 8453, symbol: 'ETH', amount: parseUnits('0.5', 18) },
        { chainId: 42161, symbol: 'USDC', amount: usdc('20') },
      ])
      for (const feeToken of ['USDC', token(42161, 'USDC').address]) {
        const r = await engine.fulfilled({
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'ETH', amount: want.toString() }],
          account: { address: user.address },
          options: { feeToken },
        })
        const m = await engine.market()
        const op = r.intentOp
        expect(op.elements.map((e) => e.chainId)).toEqual(['8453', '42161'])
        const eth = elementOn(op, 8453)!
        expect(eth.idsAndAmounts).toEqual([
          [lockId(defaultLockTag, token(8453, 'WETH').address).toString(), want.toString()],
        ])
        expect(eth.mandate.tokenOut).toEqual([[lockId(defaultLockTag, zeroAddress).toString(), want.toString()]])
        const fees = await expectedFees(m, {
          destinationChainId: 42161,
          elements: elementsOf(op),
          targets: [{ token: token(42161, 'ETH'), amount: want }],
          feeToken: token(42161, 'USDC'),
        })
        const fee = elementOn(op, 42161)!
        expect(ctxOf(fee)).toMatchObject({ settlementLayer: 'SAME_CHAIN', fundingMethod: 'PERMIT2' })
        expect(fee.idsAndAmounts).toEqual([[outId(42161, 'USDC'), fees.charge.toString()]])
        expect(fee.mandate.tokenOut).toEqual([])
        expect(r.intentCost.feeToken).toEqual({
          tokenAddress: token(42161, 'USDC').address,
          tokenSymbol: 'USDC',
          amount: fees.charge.toString(),
        })
        expect(r.intentCost.tokensReceived).toEqual([
          expect.objectContaining({ targetAmount: want.toString(), amountSpent: want.toString(), fee: '0' }),
        ])
      }
    },
  )

  // The requested ETH is there, the USDC for the fee is not: the route cannot be built, and the
  // shortfall must say what is missing. (Only deliveries are checked, so the list comes back empty.)
  it('fees in a token the account lacks: no intentOp, and tokenShortfall names the fee token', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'ETH', amount: parseUnits('0.5', 18) }])
    const r = await engine.route({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'ETH', amount: '100000000000000000' }],
      account: { address: user.address },
      options: { feeToken: 'USDC' },
    })
    expect(r.intentOp).toBeNull()
    expect(r.intentCost.hasFulfilledAll).toBe(false)
    const shortfall = r.intentCost.tokenShortfall ?? []
    expect(shortfall.map((s) => [s.tokenSymbol, s.shortfallAmount])).toEqual([['USDC', r.intentCost.feeToken.amount]])
  })
})

describe('destination executions', () => {
  // Funded on Base, so the calls ride on a fill (with unlocked USDC on Arbitrum itself the account
  // would settle as its own single-chain ops: sdk.singleChain.test.ts).
  it(
    'calls that cannot run yet ride on the last element as minGas: 60k each + 16 ' +
      'per calldata byte, or destinationGasUnits; the fill fee adds the executor',
    async () => {
      const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }], { nexusOn: [42161] })
      const execution = { to: user.address, value: '0', data: `0x${'ab'.repeat(100)}` as const }
      const target = [{ token: token(42161, 'USDC'), amount: usdc('50') }]
      // The caller can raise the gas charged, never lower it below the engine's estimate ("0" charged 0 before).
      for (const [units, gas] of [
        [undefined, 60_000n + 16n * 100n],
        ['200000', 200_000n],
        ['0', 60_000n + 16n * 100n],
      ] as const) {
        const r = await engine.fulfilled({
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('50').toString() }],
          account: { address: user.address },
          destinationExecutions: [execution],
          ...(units ? { destinationGasUnits: units } : {}),
        })
        const e = r.intentOp.elements.at(-1)!
        expect(e.mandate.minGas).toBe(gas.toString())
        expect(e.mandate.destinationOps).toEqual({
          vt: pad('0x00', { dir: 'right', size: 32 }),
          ops: [{ to: user.address, value: '0', data: execution.data }],
        })
        const fees = await expectedFees(await engine.market(), {
          destinationChainId: 42161,
          elements: elementsOf(r.intentOp),
          targets: target,
          feeToken: token(42161, 'USDC'),
          executionGas: gas + EXECUTOR_OVERHEAD_GAS,
          executionBytes: 100,
        })
        expect(sum(e.idsAndAmounts)).toBe(usdc('50') + fees.charge)
      }
    },
  )

  it('calls that run are charged the gas their simulation uses (and a tenth), signed as minGas', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }], { nexusOn: [42161] })
    const burner = await deployGasBurner(engine.chain, 42161)
    const call = burnCall(burner, 20_000n) // ~0.8 M gas of loop
    const used = await engine.readers
      .find((r) => r.chainId === 42161)!
      .client.estimateGas({ account: user.address, to: burner, data: call.data })
    const r = await engine.fulfilled({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('50').toString() }],
      account: { address: user.address },
      destinationExecutions: [call],
    })
    const minGas = BigInt(r.intentOp.elements.at(-1)!.mandate.minGas)
    expect(used).toBeGreaterThan(700_000n)
    // The simulation's own figure, a tenth on top; the node's estimate may pad a little itself.
    expect(minGas).toBeGreaterThanOrEqual(used)
    expect(minGas).toBeLessThanOrEqual(used + used / 10n + 1n)
  })

  it(
    'calls that need more than the stated maximum are ' + 'refused at quote time, naming destinationExecutions',
    async () => {
      const user = await engine.funded([{ chainId: 42161, symbol: 'USDC', amount: usdc('100') }], { nexusOn: [42161] })
      const burner = await deployGasBurner(engine.chain, 42161)
      const turns = MAX_DESTINATION_CALL_GAS / GAS_PER_TURN + 1_000n
      const error = await engine
        .route({
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('50').toString() }],
          account: { address: user.address },
          destinationExecutions: [burnCall(burner, turns)],
        })
        .then(
          () => undefined,
          (e: unknown) => e as { kind: string; message: string; details: { context: { field: string } }[] },
        )
      expect(error).toMatchObject({ kind: 'unprocessable', details: [{ context: { field: 'destinationExecutions' } }] })
      expect(error!.message).toMatch(/need \d+ gas .* more than the 5000000/)
    },
  )
})
