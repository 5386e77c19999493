import { type Hex, pad } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { WireIntentOp } from '../intentOp/intentOp'
import { signRoute } from '../intentOp/serverSignature'
import { routeTypedData } from '../intentOp/typedData'
import { defaultLockTag } from '../locks/defaultLockTag'
import { lockId } from '../locks/lockId'
import { settlementQualifier } from '../route/settlementContext'
import { type SubmittedIntentOp, verifySubmission } from './verifySubmission'

const sponsor = privateKeyToAccount(generatePrivateKey())
const server = privateKeyToAccount(generatePrivateKey())
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const emptyOp = { vt: pad('0x01', { dir: 'right', size: 32 }), ops: [] }

type Layer = 'SAME_CHAIN' | 'OFT' | 'SINGLE_CHAIN_OPS'
const oft = {
  gasRefund: { token: usdc, exchangeRate: 1n, overhead: 1n },
  oft: { dstEid: 30110, dstChainId: 42161, minAmountLD: 1n, adapter: usdc },
} as const

function qualifierOf(layer: Layer) {
  if (layer === 'OFT') return settlementQualifier({ layer: 'OFT', funding: 'NO_FUNDING', using7579: false, ...oft })
  if (layer === 'SINGLE_CHAIN_OPS')
    return settlementQualifier({ layer: 'SAME_CHAIN', funding: 'NO_FUNDING', using7579: false })
  return settlementQualifier({ layer: 'SAME_CHAIN', funding: 'PERMIT2', using7579: false })
}

async function issued(
  overrides: { fillDeadline?: bigint; layer?: Layer; destinationOps?: boolean } = {},
): Promise<WireIntentOp> {
  const fillDeadline = overrides.fillDeadline ?? 2_000_000_000n
  const id = lockId(defaultLockTag, usdc).toString()
  const qualifier = qualifierOf(overrides.layer ?? 'SAME_CHAIN')
  const unsigned: Omit<WireIntentOp, 'serverSignature'> = {
    sponsor: sponsor.address,
    nonce: '42',
    targetExecutionNonce: '42',
    expires: (fillDeadline + 600n).toString(),
    elements: [
      {
        arbiter: '0x000000000006e2569CaF8Ff021810790e0A0D740',
        chainId: '8453',
        idsAndAmounts: [[id, '1000100']],
        spendTokens: [[id, '1000100']],
        mandate: {
          recipient: sponsor.address,
          tokenOut: [[id, '1000000']],
          destinationChainId: '8453',
          fillDeadline: fillDeadline.toString(),
          preClaimOps: emptyOp,
          destinationOps: overrides.destinationOps
            ? { vt: emptyOp.vt, ops: [{ to: sponsor.address, value: '0', data: '0x' }] }
            : emptyOp,
          qualifier,
          minGas: '0',
        },
      },
    ],
    signedMetadata: {
      tokenPrices: { USDC: 1 },
      gasPrices: { '8453': '1000000' },
      opGasParams: {},
      account: {
        address: sponsor.address,
        accountType: 'EOA',
        setupOps: [],
        accountContext: { '8453': { accountType: 'EOA' } },
        requiredDelegations: {},
      },
      recipient: {
        address: sponsor.address,
        accountType: 'EOA',
        setupOps: [],
        accountContext: { '8453': { accountType: 'EOA' } },
        requiredDelegations: {},
      },
      quotes: {},
      fees: { sponsorFee: { relayer: 0, protocol: 0 }, protocolFees: {} },
      executionTokensReceived: [],
    },
    signedAuthorizations: [],
    recipientSignedAuthorizations: [],
  }
  return { ...unsigned, serverSignature: await signRoute(unsigned, server) }
}

async function signed(op: WireIntentOp, by = sponsor) {
  const originSignatures: Hex[] = []
  for (const typed of routeTypedData(op, op.sponsor)) originSignatures.push(await by.signTypedData(typed as never))
  return { ...op, originSignatures, destinationSignature: originSignatures.at(-1)! }
}

const verify = (issuedOp: WireIntentOp, submitted: SubmittedIntentOp, nowSeconds = 1_900_000_000n) =>
  verifySubmission({ issued: issuedOp, submitted, signer: server.address, nowSeconds })

describe('verifySubmission', () => {
  it('accepts the issued route signed by its sponsor over the client typed data', async () => {
    const op = await issued()
    await expect(verify(op, await signed(op))).resolves.toBeUndefined()
  })

  it('accepts the client leaving signedAuthorizations out (it sends its own list or none)', async () => {
    const op = await issued()
    const { signedAuthorizations: _, ...rest } = await signed(op)
    await expect(verify(op, rest)).resolves.toBeUndefined()
  })

  it('refuses an expired route, naming its fill deadline', async () => {
    const op = await issued({ fillDeadline: 1_800_000_000n })
    await expect(verify(op, await signed(op))).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringMatching(/expired/),
    })
  })

  it('refuses any change, naming the field', async () => {
    const op = await issued()
    const s = await signed(op)
    await expect(verify(op, { ...s, expires: String(BigInt(s.expires) + 1n) })).rejects.toMatchObject({
      details: [{ context: { field: 'signedIntentOp.expires' } }],
    })
    await expect(verify(op, { ...s, sponsor: server.address })).rejects.toMatchObject({
      details: [{ context: { field: 'signedIntentOp.sponsor' } }],
    })
  })

  it('refuses a route whose server signature is not ours', async () => {
    const op = await issued()
    const forged = { ...op, serverSignature: await signRoute(op, privateKeyToAccount(generatePrivateKey())) }
    await expect(verify(forged, await signed(forged))).rejects.toMatchObject({
      details: [{ context: { field: 'signedIntentOp.serverSignature' } }],
    })
  })

  it("refuses another signer's signature and a missing one", async () => {
    const op = await issued()
    await expect(verify(op, await signed(op, privateKeyToAccount(generatePrivateKey())))).rejects.toMatchObject({
      details: [{ context: { field: 'signedIntentOp.originSignatures.0' } }],
    })
    await expect(verify(op, { ...(await signed(op)), originSignatures: [] })).rejects.toMatchObject({
      details: [{ context: { field: 'signedIntentOp.originSignatures' } }],
    })
  })

  it('accepts an OFT send through the intent executor signed as SingleChainOps', async () => {
    const op = await issued({ layer: 'OFT' })
    expect(routeTypedData(op, sponsor.address).map((t) => t.primaryType)).toEqual(['SingleChainOps'])
    await expect(verify(op, await signed(op))).resolves.toBeUndefined()
  })

  it("accepts an account's own single-chain ops signed as SingleChainOps, and nothing else", async () => {
    const op = await issued({ layer: 'SINGLE_CHAIN_OPS', destinationOps: true })
    expect(routeTypedData(op, sponsor.address).map((t) => t.primaryType)).toEqual(['SingleChainOps'])
    await expect(verify(op, await signed(op))).resolves.toBeUndefined()
    const asPermit2 = await issued({ destinationOps: true })
    const wrong = { ...(await signed(op)), originSignatures: (await signed(asPermit2)).originSignatures }
    await expect(verify(op, wrong)).rejects.toMatchObject({
      details: [{ context: { field: 'signedIntentOp.originSignatures.0' } }],
    })
  })

  it('accepts destination operations signed by the sponsor: its intent executor runs them', async () => {
    const op = await issued({ destinationOps: true })
    await expect(verify(op, await signed(op))).resolves.toBeUndefined()
  })
})
