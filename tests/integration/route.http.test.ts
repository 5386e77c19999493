// POST /api/v1/intents/route and GET /api/v1/signer through the production app: every validation
// error is a 400 naming its field, the body limits and media type, auth and method, and a valid
// request's response carries every field the client reads.
import { parseUnits } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { errorEnvelopeSchema } from '../../lib/api/errorEnvelope'
import { insufficientBalanceSchema } from '../../lib/api/insufficientBalance'
import { routeSigner } from '../../lib/core/intentOp/serverSignature'
import { api, responseBody } from '../support/api'
import { devnetActions } from '../support/devnetActions'

const http = api()
const chain = devnetActions(inject('rpcUrls'))
const path = '/api/v1/intents/route'
const account = chain.freshAccount()

/** POSTs `body` (JSON-encoded unless already a string) as application/json unless told otherwise. */
async function post(body: unknown, init: { key?: string | null; contentType?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/json' }
  const key = init.key === undefined ? http.apiKey : init.key
  if (key !== null) headers['x-api-key'] = key
  const res = await fetch(`${http.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, headers: res.headers, body: await responseBody(res) }
}

async function expectError(res: Awaited<ReturnType<typeof post>>, status: number, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  const body = errorEnvelopeSchema.parse(res.body)
  expect(body.message).toMatch(message)
  expect(body.traceId).toBe(res.headers.get('x-trace-id'))
  return body
}

const valid = {
  destinationChainId: 42161,
  tokenRequests: [{ tokenAddress: 'USDC', amount: '50000000' }],
  account: { address: account.address },
}
const withRequest = (r: object) => ({ ...valid, tokenRequests: [{ ...valid.tokenRequests[0], ...r }] })

describe('POST /api/v1/intents/route: 400 naming the field', () => {
  const big =
    '{"destinationChainId":42161,"tokenRequests":[{"tokenAddress":"USDC",' +
    `"amount":9007199254740993}],"account":{"address":"${account.address}"}}`
  it.each([
    [
      'missing destinationChainId',
      { tokenRequests: valid.tokenRequests, account: valid.account },
      'destinationChainId',
      /^destinationChainId: /,
    ],
    [
      'empty tokenRequests',
      { ...valid, tokenRequests: [] },
      'tokenRequests',
      'tokenRequests: at least one token request',
    ],
    [
      'amount "-1"',
      withRequest({ amount: '-1' }),
      'tokenRequests.0.amount',
      /^tokenRequests\.0\.amount: must be a decimal integer string/,
    ],
    ['amount "1.5"', withRequest({ amount: '1.5' }), 'tokenRequests.0.amount', /^tokenRequests\.0\.amount: /],
    ['amount "1e18"', withRequest({ amount: '1e18' }), 'tokenRequests.0.amount', /^tokenRequests\.0\.amount: /],
    [
      'amount -1 as a number',
      withRequest({ amount: -1 }),
      'tokenRequests.0.amount',
      /^tokenRequests\.0\.amount: must be a non-negative integer/,
    ],
    ['amount above 2^53 as a number', big, 'tokenRequests.0.amount', /send amounts above 2\^53 as decimal strings/],
    ['a missing account address', { ...valid, account: {} }, 'account.address', /^account\.address: /],
    [
      'too many token requests',
      { ...valid, tokenRequests: Array.from({ length: 11 }, () => ({ tokenAddress: 'USDC', amount: '1' })) },
      'tokenRequests',
      'tokenRequests: at most 10 entries',
    ],
    [
      'too many destination executions',
      { ...valid, destinationExecutions: Array.from({ length: 21 }, () => ({ to: account.address })) },
      'destinationExecutions',
      'destinationExecutions: at most 20 entries',
    ],
    [
      'calldata over the bound',
      { ...valid, destinationExecutions: [{ to: account.address, data: `0x${'ab'.repeat(32 * 1024 + 1)}` }] },
      'destinationExecutions.0.data',
      'destinationExecutions.0.data: must be at most 32768 bytes',
    ],
  ])('%s', async (_, body, field, message) => {
    const res = await expectError(await post(body), 400, message)
    expect(res.errors.map((e) => e.context?.field)).toContain(field)
  })

  it('two requests without amount: exactly "Only one target token amount can be unset"', async () => {
    const body = await expectError(
      await post({ ...valid, tokenRequests: [{ tokenAddress: 'USDC' }, { tokenAddress: 'ETH' }] }),
      400,
      /^Only one target token amount can be unset$/,
    )
    expect(body.errors).toEqual([
      { message: 'Only one target token amount can be unset', context: { field: 'tokenRequests' } },
    ])
  })

  it.each([
    ['an unsupported chain', { ...valid, destinationChainId: 999 }, 'Unsupported chain 999', 'destinationChainId'],
    [
      'an unknown token address',
      withRequest({ tokenAddress: '0x1111111111111111111111111111111111111111' }),
      'Token 0x1111111111111111111111111111111111111111 not supported on chain 42161',
      'tokenRequests.0.tokenAddress',
    ],
    [
      'an unknown symbol',
      withRequest({ tokenAddress: 'FOO' }),
      'Unsupported token FOO for chain 42161',
      'tokenRequests.0.tokenAddress',
    ],
  ])('%s', async (_, body, message, field) => {
    const res = await expectError(await post(body), 400, new RegExp(`^${message}$`))
    expect(res.errors[0]!.message).toBe(message)
    expect(res.errors[0]!.context).toMatchObject({ field })
  })

  // A token named without a chain: the client's generic message for it (its BadRequestError); the detail names it.
  it('an unknown token address in accountAccessList.tokens: exactly "Unsupported token addresses"', async () => {
    const bogus = '0x1111111111111111111111111111111111111111'
    const res = await post({ ...valid, accountAccessList: { tokens: [bogus] } })
    const body = await expectError(res, 400, /^Unsupported token addresses$/)
    expect(body.code).toBe('UNSUPPORTED_TOKEN')
    const context = { field: 'accountAccessList.tokens.0', token: bogus }
    expect(body.errors).toEqual([{ message: `Unsupported token ${bogus} on any chain`, context }])
  })
})

describe('POST /api/v1/intents/route: body, media type, auth, method', () => {
  it('malformed JSON: 400 entity.parse.failed', async () => {
    await expectError(await post('{"destinationChainId": 42161,'), 400, /^entity\.parse\.failed$/)
  })
  it('a body over 1 MiB: 413 entity.too.large', async () => {
    const body = JSON.stringify({ ...valid, padding: 'x'.repeat(1024 * 1024) })
    await expectError(await post(body), 413, /^entity\.too\.large$/)
  })
  it('a text/plain body: 415', async () => {
    await expectError(await post(valid, { contentType: 'text/plain' }), 415, /Content-Type must be application\/json/)
  })
  it('no x-api-key: 401, before the body is looked at', async () => {
    await expectError(await post('not json', { key: null }), 401, /^Authentication is required$/)
  })
  it('GET: 405 with Allow: POST', async () => {
    const res = await http.get(path)
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
    expect(errorEnvelopeSchema.parse(res.body).message).toMatch(/^Method GET not allowed; use POST$/)
  })
  it('No Path Found is a 422', async () => {
    const res = await post({
      ...valid,
      options: { settlementLayers: ['OFT'] },
      accountAccessList: { chainIds: [8453] },
    })
    await expectError(res, 422, /^No Path Found$/)
  })
})

// The route response the client reads, field by field.
const dec = z.string().regex(/^\d+$/)
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const addr = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const pair = z.tuple([dec, dec])
const op = z.object({ vt: hex.length(66), ops: z.array(z.object({ to: addr, value: dec, data: hex })) })
const authorization = z.object({
  chainId: z.number().int(),
  address: addr,
  nonce: dec,
  yParity: z.number().int(),
  r: hex,
  s: hex,
})
const accountDetails = z.object({
  address: addr,
  accountType: z.string(),
  setupOps: z.array(z.object({ to: addr, data: hex })),
  accountContext: z.record(dec, z.object({ accountType: z.string() })),
  requiredDelegations: z.record(dec, z.object({ contract: addr })),
})
const routeResponse = z.object({
  intentOp: z.object({
    sponsor: addr,
    nonce: dec,
    expires: dec,
    elements: z
      .array(
        z.object({
          arbiter: addr,
          chainId: dec,
          idsAndAmounts: z.array(pair).min(1),
          spendTokens: z.array(pair).min(1),
          mandate: z.object({
            recipient: addr,
            tokenOut: z.array(pair),
            destinationChainId: dec,
            fillDeadline: dec,
            preClaimOps: op,
            destinationOps: op,
            qualifier: z.object({
              settlementContext: z.object({
                settlementLayer: z.string(),
                using7579: z.boolean(),
                fundingMethod: z.string(),
              }),
              encodedVal: hex,
            }),
            minGas: dec,
          }),
        }),
      )
      .min(1),
    serverSignature: hex.length(132),
    signedMetadata: z.object({
      tokenPrices: z.record(z.string(), z.number()),
      gasPrices: z.record(dec, dec),
      opGasParams: z.record(
        z.string(),
        z.union([z.number(), z.object({ l1BaseFee: dec, l1BlobBaseFee: dec, baseFeeScalar: dec, blobFeeScalar: dec })]),
      ),
      account: accountDetails,
      quotes: z.record(z.string(), z.unknown()),
      recipient: accountDetails,
      fees: z.object({
        sponsorFee: z.object({ relayer: z.number(), protocol: z.number() }),
        protocolFees: z.record(addr, dec),
      }),
      executionTokensReceived: z.array(addr),
    }),
    signedAuthorizations: z.array(authorization),
    recipientSignedAuthorizations: z.array(authorization),
  }),
  intentCost: z.object({
    hasFulfilledAll: z.literal(true),
    tokensSpent: z.record(dec, z.record(addr, z.object({ locked: dec, unlocked: dec }))),
    tokensReceived: z.array(
      z.object({
        tokenAddress: addr,
        amountSpent: z.union([z.number(), dec]),
        targetAmount: z.union([z.number(), dec]),
        fee: z.union([z.number(), dec]),
        hasFulfilled: z.boolean(),
      }),
    ),
    sponsorFee: z.object({ relayer: z.number(), protocol: z.number() }),
  }),
  tokenRequirements: z.record(dec, z.record(addr, z.unknown())),
})

describe('a valid request', () => {
  beforeAll(async () => {
    await chain.mint(8453, 'USDC', account.address, parseUnits('80', 6))
  })

  it('200 with every field the client reads; GET /api/v1/signer is the address routeSigner recovers', async () => {
    const res = await post(valid)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const route = routeResponse.parse(res.body)
    expect(route.intentOp.sponsor).toBe(account.address)
    expect(route.intentOp.elements.map((e) => e.chainId)).toEqual(['8453'])
    const signer = await http.get('/api/v1/signer')
    expect(signer.status).toBe(200)
    expect(signer.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await routeSigner(res.body.intentOp)).toBe(signer.body.address)
  })

  // The client's InsufficientBalanceError (it maps the message), with the figures a route would carry.
  it('more than the account holds: 422 Insufficient balance, the exact shortfall in errors[0].context', async () => {
    const res = await post({ ...valid, tokenRequests: [{ tokenAddress: 'USDC', amount: '500000000' }] })
    const body = await expectError(res, 422, /^Insufficient balance$/)
    const { intentCost } = insufficientBalanceSchema.parse(body).errors[0].context
    expect(intentCost.hasFulfilledAll).toBe(false)
    expect(intentCost.tokenShortfall).toHaveLength(1)
    const shortfall = intentCost.tokenShortfall![0]!
    expect(shortfall).toMatchObject({ tokenSymbol: 'USDC', destinationChainId: 42161, targetAmount: '500000000' })
    expect(shortfall.availableAmount).toBe('80000000')
    // What is missing: the target plus the fee, less what the account holds.
    expect(shortfall.shortfallAmount).toBe((500_000000n + BigInt(shortfall.feeAmount) - 80_000000n).toString())
    expect(intentCost.totalTokenShortfallInUSD).toBeGreaterThan(0)
  })

  it('two identical requests get distinct nonces, both signed by the published signer', async () => {
    const [a, b] = [await post(valid), await post(valid)]
    expect(a.body.intentOp.nonce).not.toBe(b.body.intentOp.nonce)
    const { address } = (await http.get('/api/v1/signer')).body
    expect([await routeSigner(a.body.intentOp), await routeSigner(b.body.intentOp)]).toEqual([address, address])
  })
})
