// Routes whose fee has more parts than gas: the LayerZero OFT path for USDT0, sponsorship, and a
// fee paid in another asset than the one requested. Expected fees come from the fee model
// recomputed against chain state (tests/support/routeEngine.ts).
import { decodeFunctionData, pad, parseAbi, parseUnits, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { arbiters, bridgeUsd8, ctxOf, elementOn, elementsOf, expectedFees, fromUsd8, outId, routeEngine, sum, token, toUsd8, usd } from '../support/routeEngine'

const engine = routeEngine()
const usdc = (v: string) => parseUnits(v, 6)
const oftSendAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable',
])
const erc20ApproveAbi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)'])

describe('OFT (USDT0 over LayerZero)', () => {
  it('USDT0 on 10 requested on 42161: INTENT_EXECUTOR, NO_FUNDING, OFT bridge, the adapter send as a pre-claim op, native fee paid in ETH', async () => {
    const user = await engine.funded(
      [
        { chainId: 10, symbol: 'USDT0', amount: usdc('200') },
        { chainId: 10, symbol: 'ETH', amount: 10n ** 16n },
      ],
      { delegatedOn: [10] },
    )
    const r = await engine.fulfilled({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDT0', amount: '100000000' }], account: { address: user.address } })
    const m = await engine.market()
    const quote = await m.oft(10)
    expect(quote.nativeFee).toBeGreaterThan(0n)
    const op = r.intentOp
    expect(op.elements).toHaveLength(1)
    const e = op.elements[0]!
    expect(e.chainId).toBe('10')
    expect(e.arbiter).toBe(arbiters.INTENT_EXECUTOR)
    expect(e.mandate.tokenOut).toEqual([[outId(42161, 'USDT0'), '100000000']])
    const fees = await expectedFees(m, { destinationChainId: 42161, elements: elementsOf(op), targets: [{ token: token(42161, 'USDT0'), amount: usdc('100') }], feeToken: token(42161, 'USDT0') })
    const spent = usdc('100') + fees.charge
    expect(e.idsAndAmounts).toEqual([[outId(10, 'USDT0'), spent.toString()]])
    // The adapter keeps nothing on the devnet (0 bps), and LayerZero's native fee is the send's own
    // value, paid by the account in ETH: it is reported, not charged again in USDT0.
    expect(fees.bridge).toBe(0n)
    const nativeUsd8 = toUsd8(quote.nativeFee, 18, m.prices.ETH)
    const cost = r.intentCost as { nativeFees: unknown; feeBreakdownUSD: { bridgeFeeUSD: number } }
    expect(cost.nativeFees).toEqual([{ chainId: 10, amount: quote.nativeFee.toString(), usd: usd(nativeUsd8) }])
    expect(cost.feeBreakdownUSD.bridgeFeeUSD).toBe(usd(fees.bridge + nativeUsd8))

    const ctx = ctxOf(e)
    expect(ctx).toMatchObject({ settlementLayer: 'INTENT_EXECUTOR', fundingMethod: 'NO_FUNDING', using7579: true })
    expect(ctx.bridge).toEqual({ type: 'OFT', oftToken: 'USDT0', dstChainId: 42161, dstEid: 30110, minAmountLD: '100000000', adapter: quote.adapter })
    expect(ctx.bridgeFill).toEqual({ type: 'OFT', destinationChainId: 42161 })
    // Gas refund rate: USDT0 base units per 1 ETH, from the feeds.
    expect(ctx.gasRefund).toEqual({ token: token(10, 'USDT0').address, exchangeRate: ((m.prices.ETH.answer * 10n ** 6n) / m.prices.USDT.answer).toString(), overhead: '50000' })

    // OP's adapter burns from the account: no approval, one op (single-call mode word).
    const pre = e.mandate.preClaimOps
    expect(pre.vt).toBe(pad('0x00', { dir: 'right', size: 32 }))
    expect(pre.ops).toHaveLength(1)
    expect(pre.ops[0]).toMatchObject({ to: quote.adapter, value: quote.nativeFee.toString() })
    const call = decodeFunctionData({ abi: oftSendAbi, data: pre.ops[0]!.data })
    expect(call.functionName).toBe('send')
    const [sendParam, msgFee, refund] = call.args
    expect(sendParam).toEqual({ dstEid: 30110, to: pad(user.address).toLowerCase(), amountLD: usdc('100'), minAmountLD: usdc('100'), extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' })
    expect(msgFee).toEqual({ nativeFee: quote.nativeFee, lzTokenFee: 0n })
    expect(refund).toBe(user.address)
    expect(r.tokenRequirements).toEqual({})
    expect(op.signedMetadata.quotes.OFT).toEqual([expect.objectContaining({ chainId: 10, adapter: quote.adapter, dstEid: 30110, nativeFee: quote.nativeFee.toString() })])
  })

  // The element claims amount + fee from the account, but the send bridges all of it: the fee the
  // route charges lands with the recipient on 42161, and nothing is left on 10 for the executor's
  // gasRefund (an account funded with exactly amount + fee). The send should carry only what the
  // recipient is owed plus what the OFT keeps (0 bps on the devnet): minAmountLD.
  it('OFT: the fee the route charges stays on the source chain; the send bridges only the delivered amount', async () => {
    const user = await engine.funded(
      [
        { chainId: 10, symbol: 'USDT0', amount: usdc('200') },
        { chainId: 10, symbol: 'ETH', amount: 10n ** 16n },
      ],
      { delegatedOn: [10] },
    )
    const r = await engine.fulfilled({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDT0', amount: '100000000' }], account: { address: user.address } })
    const e = r.intentOp.elements[0]!
    const fee = sum(e.idsAndAmounts) - sum(e.mandate.tokenOut)
    expect(fee).toBeGreaterThan(0n)
    const [sendParam] = decodeFunctionData({ abi: oftSendAbi, data: e.mandate.preClaimOps.ops.at(-1)!.data }).args
    expect(sendParam.amountLD, `fee ${fee} bridged to the recipient`).toBe(sendParam.minAmountLD)
  })

  it("an OFT source is not used when the account has no ETH there for LayerZero's fee", async () => {
    const user = await engine.funded([{ chainId: 10, symbol: 'USDT0', amount: usdc('200') }], { delegatedOn: [10] })
    const r = await engine.route({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDT0', amount: '100000000' }], account: { address: user.address } })
    expect(r.intentOp).toBeNull()
    expect(r.intentCost.hasFulfilledAll).toBe(false)
  })

  it('USDT on Ethereum: the adapter locks USDT, so an approve op comes before the send (batch mode word)', async () => {
    const user = await engine.funded(
      [
        { chainId: 1, symbol: 'USDT', amount: usdc('100') },
        { chainId: 1, symbol: 'ETH', amount: 10n ** 16n },
      ],
      { delegatedOn: [1] },
    )
    const r = await engine.fulfilled({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDT0', amount: '50000000' }], account: { address: user.address } })
    const quote = await (await engine.market()).oft(1)
    const e = r.intentOp.elements[0]!
    expect(e.chainId).toBe('1')
    const pre = e.mandate.preClaimOps
    expect(pre.vt).toBe(pad('0x01', { dir: 'right', size: 32 }))
    expect(pre.ops.map((o) => o.to)).toEqual([token(1, 'USDT').address, quote.adapter])
    // The adapter may pull exactly what is sent: the delivered amount; the route's fee stays behind.
    const approve = decodeFunctionData({ abi: erc20ApproveAbi, data: pre.ops[0]!.data })
    expect(approve.args).toEqual([quote.adapter, 50_000000n])
    const send = decodeFunctionData({ abi: oftSendAbi, data: pre.ops[1]!.data })
    expect(send.args[0]).toMatchObject({ dstEid: 30110, amountLD: 50_000000n, minAmountLD: 50_000000n })
    expect(sum(e.idsAndAmounts)).toBeGreaterThan(50_000000n)
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
    const all = await engine.fulfilled(body({ gasSponsored: true, bridgeFeesSponsored: true, protocolFeesSponsored: true }))
    const m = await engine.market()
    const target = [{ token: token(8453, 'USDC'), amount: usdc('400') }]
    const feesOf = (r: typeof plain, sponsor: object) => expectedFees(m, { destinationChainId: 8453, elements: elementsOf(r.intentOp), targets: target, feeToken: token(8453, 'USDC'), sponsor })
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
    expect(f.plain.bridge).toBe(await bridgeUsd8(m, elementsOf(plain.intentOp)[0]!.layer, 10, token(10, 'USDC'), usdc('400') + f.plain.charge))
  })
})

describe('fee token', () => {
  it('ETH requested, fees paid in USDC: the ETH leg moves exactly the request, the fee is drawn from USDC', async () => {
    const want = parseUnits('0.1', 18)
    const user = await engine.funded([
      { chainId: 8453, symbol: 'ETH', amount: parseUnits('0.5', 18) },
      { chainId: 42161, symbol: 'USDC', amount: usdc('20') },
    ])
    for (const feeToken of ['USDC', token(42161, 'USDC').address]) {
      const r = await engine.fulfilled({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'ETH', amount: want.toString() }], account: { address: user.address }, options: { feeToken } })
      const m = await engine.market()
      const op = r.intentOp
      expect(op.elements.map((e) => e.chainId)).toEqual(['8453', '42161'])
      const eth = elementOn(op, 8453)!
      expect(eth.idsAndAmounts).toEqual([[lockId(defaultLockTag, token(8453, 'WETH').address).toString(), want.toString()]])
      expect(eth.mandate.tokenOut).toEqual([[lockId(defaultLockTag, zeroAddress).toString(), want.toString()]])
      const fees = await expectedFees(m, { destinationChainId: 42161, elements: elementsOf(op), targets: [{ token: token(42161, 'ETH'), amount: want }], feeToken: token(42161, 'USDC') })
      const fee = elementOn(op, 42161)!
      expect(ctxOf(fee)).toMatchObject({ settlementLayer: 'SAME_CHAIN', fundingMethod: 'PERMIT2' })
      expect(fee.idsAndAmounts).toEqual([[outId(42161, 'USDC'), fees.charge.toString()]])
      expect(fee.mandate.tokenOut).toEqual([])
      expect(r.intentCost.feeToken).toEqual({ tokenAddress: token(42161, 'USDC').address, tokenSymbol: 'USDC', amount: fees.charge.toString() })
      expect(r.intentCost.tokensReceived).toEqual([expect.objectContaining({ targetAmount: want.toString(), amountSpent: want.toString(), fee: '0' })])
    }
  })

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
  it('their gas rides on the last element as minGas and in the fill fee: 60k each + 16 per calldata byte, or destinationGasUnits', async () => {
    const user = await engine.funded([{ chainId: 42161, symbol: 'USDC', amount: usdc('100') }], { delegatedOn: [42161] })
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
      expect(e.mandate.destinationOps).toEqual({ vt: pad('0x00', { dir: 'right', size: 32 }), ops: [{ to: user.address, value: '0', data: execution.data }] })
      const fees = await expectedFees(await engine.market(), {
        destinationChainId: 42161,
        elements: elementsOf(r.intentOp),
        targets: target,
        feeToken: token(42161, 'USDC'),
        executionGas: gas,
        executionBytes: 100,
      })
      expect(sum(e.idsAndAmounts)).toBe(usdc('50') + fees.charge)
    }
  })
})
