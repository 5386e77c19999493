// Request forms the published client sends, and answer fields the hosted schema has: each case
// here was wrong before (refused, ignored, or reported inconsistently) and is checked on the devnet.

import { type Address, parseUnits, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { nonceSponsor } from '../../lib/core/locks/sponsorNonce'
import { api } from '../support/api'
import { routeEngine, token } from '../support/routeEngine'

const engine = routeEngine()
const http = api()
const usdc = (v: string) => parseUnits(v, 6)
const delegate: Address = nexus.implementation
/** The error a route request ends in (the request is parsed synchronously: a bad one throws at once). */
const failure = (run: Promise<unknown> | (() => Promise<unknown>)) =>
  Promise.resolve()
    .then(typeof run === 'function' ? run : () => run)
    .then(
      () => undefined,
      (e: unknown) => e as { kind: string; details: { context?: { field?: string } }[] },
    )

describe('client request forms', () => {
  it('delegations keyed "0" mean every chain: each chain where the account runs code requires it', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const r = await engine.fulfilled({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('10').toString() }],
      account: { address: user.address, accountType: 'EOA', delegations: { 0: { contract: delegate } } },
    })
    // Its funds are drawn on Base; with no calls on arrival, nothing runs as the account on Arbitrum
    // (the tokens reach it there undelegated), so no delegation is required there.
    expect(r.intentOp.signedMetadata.account.requiredDelegations).toEqual({ 8453: { contract: delegate } })
  })

  it('empty preClaimExecutions placeholders for every source chain are accepted', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const r = await engine.fulfilled({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('10').toString() }],
      account: { address: user.address },
      preClaimExecutions: { 1: [], 10: [], 8453: [] },
    })
    expect(r.intentOp.elements.every((e) => e.mandate.preClaimOps.ops.length === 0)).toBe(true)
  })

  it(
    'a call-only request (tokenRequests: []) is refused for an ' +
      'EOA naming destinationExecutions, and needs something to do',
    async () => {
      const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
      const callOnly = await failure(
        engine.route({
          destinationChainId: 8453,
          tokenRequests: [],
          account: { address: user.address },
          destinationExecutions: [{ to: user.address, value: '0', data: '0x' }],
        }),
      )
      expect(callOnly).toMatchObject({
        kind: 'invalid_input',
        details: [{ context: { field: 'destinationExecutions' } }],
      })
      const nothing = await failure(() =>
        engine.route({ destinationChainId: 8453, tokenRequests: [], account: { address: user.address } }),
      )
      expect(nothing).toMatchObject({ issues: [expect.objectContaining({ path: ['tokenRequests'] })] })
    },
  )

  it('options it does not honour are refused by name, never ignored', async () => {
    for (const [field, value] of [
      ['appFees', [{ recipient: delegate, bps: 10 }]],
      ['protocolFees', { bps: 5 }],
      ['auxiliaryFunds', { 8453: { USDC: '1' } }],
      ['topupCompact', true],
    ] as const) {
      const res = await http.postJson('/api/v1/intents/route', {
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
        account: { address: delegate },
        options: { [field]: value },
      })
      const body = (await res.json()) as { errors: { context: { field: string } }[] }
      expect({ field, status: res.status, fields: body.errors.map((e) => e.context.field) }).toEqual({
        field,
        status: 400,
        fields: [`options.${field}`],
      })
    }
  })

  it('customDeadline sets the fill deadline within the route lifetime, and is refused outside it', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const { timestamp } = await engine.chain.client(42161).getBlock()
    const now = BigInt(Math.floor(Date.now() / 1000)) > timestamp ? BigInt(Math.floor(Date.now() / 1000)) : timestamp
    const deadline = now + 300n
    const body = (customDeadline: bigint) => ({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('10').toString() }],
      account: { address: user.address },
      options: { customDeadline: customDeadline.toString() },
    })
    const r = await engine.fulfilled(body(deadline))
    expect(r.intentOp.elements.map((e) => e.mandate.fillDeadline)).toEqual(
      r.intentOp.elements.map(() => deadline.toString()),
    )
    expect(await failure(engine.route(body(now + 100_000n)))).toMatchObject({
      details: [{ context: { field: 'options.customDeadline' } }],
    })
  })

  it('isERC7579 is read from the account, not echoed from the declared type', async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }], { delegatedOn: [8453] })
    const r = await engine.fulfilled({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('10').toString() }],
      account: { address: user.address, accountType: 'ERC7579' },
    })
    // Delegated to an address without code: it answers no accountId(), so it is no ERC-7579 account.
    expect(r.intentOp.signedMetadata.account.accountContext['8453']).toMatchObject({
      accountType: 'smartAccount',
      isDeployed: true,
      isERC7579: false,
      delegatedTo: expect.any(String),
    })
  })
})

describe('answers the client can settle and read', () => {
  it('USDC and ETH from one chain are one element there (one Permit2 nonce per owner and chain)', async () => {
    const user = await engine.funded([
      { chainId: 8453, symbol: 'USDC', amount: usdc('300') },
      { chainId: 8453, symbol: 'ETH', amount: parseUnits('1', 18) },
    ])
    const r = await engine.fulfilled({
      destinationChainId: 42161,
      tokenRequests: [
        { tokenAddress: 'USDC', amount: usdc('100').toString() },
        { tokenAddress: 'ETH', amount: parseUnits('0.2', 18).toString() },
      ],
      account: { address: user.address },
    })
    expect(r.intentOp.elements.map((e) => e.chainId)).toEqual(['8453'])
  })

  it(
    'gasCost lists claims and the fill apart, adding up ' + 'to the total; fees break down into parts that add up',
    async () => {
      const user = await engine.funded([
        { chainId: 42161, symbol: 'USDC', amount: usdc('40') },
        { chainId: 8453, symbol: 'USDC', amount: usdc('500') },
      ])
      const r = await engine.fulfilled({
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('30').toString() }],
        account: { address: user.address },
      })
      const cost = r.intentCost as unknown as {
        gasCost: { originChains: { gasUSD: number }[]; destination: { gasUSD: number }; totalUSD: number }
        tokensReceived: {
          fee: string
          feeBreakdown: Record<string, string>
          feesByToken: Record<string, { amount: string }>
        }[]
      }
      const parts = cost.gasCost.originChains.reduce((s, c) => s + c.gasUSD, 0) + cost.gasCost.destination.gasUSD
      expect(parts).toBeCloseTo(cost.gasCost.totalUSD, 6)
      const [received] = cost.tokensReceived
      expect(Object.values(received!.feeBreakdown).reduce((s, v) => s + BigInt(v), 0n)).toBe(BigInt(received!.fee))
      expect(received!.feesByToken).toEqual({
        [token(42161, 'USDC').address]: { amount: received!.fee, breakdown: received!.feeBreakdown },
      })
    },
  )

  it('protocolFees name only what is charged: the fee token, not the requested ETH', async () => {
    const user = await engine.funded([
      { chainId: 8453, symbol: 'ETH', amount: parseUnits('1', 18) },
      { chainId: 8453, symbol: 'USDC', amount: usdc('50') },
    ])
    const r = await engine.fulfilled({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'ETH', amount: parseUnits('0.1', 18).toString() }],
      account: { address: user.address },
      options: { feeToken: 'USDC' },
    })
    const fees = r.intentOp.signedMetadata.fees.protocolFees
    expect(Object.keys(fees)).toEqual([token(8453, 'USDC').address])
    expect(fees[zeroAddress]).toBeUndefined()
  })

  // The hosted schema declares the nonce int64; this service's nonces are scoped to their sponsor (its
  // address in the low 160 bits, so nobody can take another account's nonce), which the client
  // carries as the decimal string it is (it reads it with BigInt).
  it("the nonce is a decimal string scoped to the account: its low 160 bits are the account's address", async () => {
    const user = await engine.funded([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const res = await http.postJson('/api/v1/intents/route', {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
      account: { address: user.address },
    })
    const text = ((await res.json()) as { intentOp: { nonce: string } }).intentOp.nonce
    expect(text).toMatch(/^\d+$/)
    const nonce = BigInt(text)
    expect(nonce > 0n && nonce < 2n ** 256n).toBe(true)
    expect(nonceSponsor(nonce)).toBe(user.address)
  })

  it('a portfolio filter naming a chain twice reads it once', async () => {
    const user = await engine.funded([{ chainId: 10, symbol: 'USDC', amount: usdc('7') }])
    const once = await http.get(`/api/v1/accounts/${user.address}/portfolio?chainIds=10`)
    const twice = await http.get(`/api/v1/accounts/${user.address}/portfolio?chainIds=10,10`)
    expect(twice.status).toBe(200)
    expect(twice.body).toEqual(once.body)
  })
})
