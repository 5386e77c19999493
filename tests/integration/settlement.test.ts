// A route is only correct if it settles. Each scenario funds a fresh account, asks the running app
// for a route, does its token requirements, signs it with @rhinestone/sdk's own builders, submits
// it, waits for the final status, and checks on chain (raw reads, not our API) that the recipient
// gained exactly tokenOut, the account lost exactly what the route spends (intentCost.tokensSpent
// too), and the filler kept exactly the fee.
import { type Address, parseEther, parseUnits, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { settlementTimesResponseSchema } from '../../lib/api/settlementTimes'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { decodeLockId } from '../../lib/core/locks/lockId'
import {
  expectedMoves,
  type Funds,
  fillerAddress,
  fundedAccount as fundAccount,
  settlement,
} from '../support/settlement'

const s = settlement()
const { chain } = s
const usdc = (v: string) => parseUnits(v, 6)

const fundedAccount = (funds: Funds[]) => fundAccount(chain, funds)

/** Route → requirements → sign → submit → final status, with every balance checked on chain. */
async function settles(
  account: ReturnType<typeof chain.freshAccount>,
  body: Record<string, unknown>,
  recipient: Address = account.address,
) {
  const { intentOp, intentCost } = await s.route(account, {
    account: { address: account.address, accountType: 'EOA' },
    ...body,
  })
  const before = await s.snapshot(intentOp, account.address, recipient)
  const signed = await s.sign(account, intentOp)
  const submitted = await s.submit(signed)
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
  expect(submitted.body.result).toEqual({ id: intentOp.nonce, status: 'PENDING' })

  const status = await s.waitFinal(intentOp.nonce)
  expect(status, JSON.stringify(status)).toMatchObject({
    status: 'COMPLETED',
    destinationChainId: Number(body.destinationChainId),
    userAddress: account.address,
  })
  expect(status.claims).toHaveLength(intentOp.elements.length)
  for (const [i, claim] of status.claims.entries()) {
    expect(claim).toMatchObject({
      chainId: Number(intentOp.elements[i]!.chainId),
      status: 'COMPLETED',
      claimTransactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    const receipt = await chain.client(claim.chainId).getTransactionReceipt({ hash: claim.claimTransactionHash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(fillerAddress.toLowerCase())
  }
  const fill = await chain
    .client(Number(body.destinationChainId))
    .getTransactionReceipt({ hash: status.fillTransactionHash })
  expect(fill.status).toBe('success')

  const after = await s.snapshot(intentOp, account.address, recipient)
  const moves = expectedMoves(intentOp, account.address, recipient)
  for (const [key, delta] of moves) expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
  expectTokensSpent(intentOp, intentCost)
  return { intentOp, intentCost, status }
}

/** intentCost.tokensSpent says the same as the elements: per chain and token, locked and unlocked. */
function expectTokensSpent(
  intentOp: WireIntentOp,
  intentCost: { tokensSpent: Record<string, Record<string, { locked: string; unlocked: string }>> },
) {
  const spent: Record<string, Record<string, { locked: bigint; unlocked: bigint }>> = {}
  for (const e of intentOp.elements) {
    const locked = e.mandate.qualifier.settlementContext.fundingMethod === 'COMPACT'
    for (const [id, amount] of e.idsAndAmounts) {
      const { token } = decodeLockId(BigInt(id))
      const chain = e.chainId
      const key = token.toLowerCase()
      spent[chain] ??= {}
      spent[chain][key] ??= { locked: 0n, unlocked: 0n }
      spent[chain][key][locked ? 'locked' : 'unlocked'] += BigInt(amount)
    }
  }
  const reported = Object.values(intentCost.tokensSpent)
    .flatMap((byToken) => Object.values(byToken))
    .reduce((sum, v) => sum + BigInt(v.locked) + BigInt(v.unlocked), 0n)
  const fromElements = Object.values(spent)
    .flatMap((byToken) => Object.values(byToken))
    .reduce((sum, v) => sum + v.locked + v.unlocked, 0n)
  expect(reported).toBe(fromElements)
}

describe('routes settle on the devnet', () => {
  it('same chain, unlocked USDC after the Permit2 approval', async () => {
    const account = await fundedAccount([{ chainId: 8453, symbol: 'USDC', amount: usdc('300') }])
    const { intentOp } = await settles(account, {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('100').toString() }],
    })
    expect(intentOp.elements.map((e) => e.mandate.qualifier.settlementContext.settlementLayer)).toEqual(['SAME_CHAIN'])
  })

  it('cross chain from locked funds (The Compact, the sponsor signature checked on chain)', async () => {
    const account = await fundedAccount([{ chainId: 10, symbol: 'USDC', amount: usdc('400'), locked: true }])
    const { intentOp } = await settles(account, {
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('250').toString() }],
    })
    expect(intentOp.elements.every((e) => e.mandate.qualifier.settlementContext.fundingMethod === 'COMPACT')).toBe(true)
  })

  it('cross chain from unlocked funds after the approval', async () => {
    const account = await fundedAccount([{ chainId: 8453, symbol: 'USDC', amount: usdc('500') }])
    await settles(account, {
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('200').toString() }],
    })
  })

  it('a split over several source chains, one signing scheme', async () => {
    const account = await fundedAccount([
      { chainId: 8453, symbol: 'USDC', amount: usdc('120') },
      { chainId: 10, symbol: 'USDC', amount: usdc('120') },
    ])
    const { intentOp } = await settles(account, {
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('200').toString() }],
    })
    expect(new Set(intentOp.elements.map((e) => e.chainId)).size).toBe(intentOp.elements.length)
    expect(intentOp.elements.length).toBeGreaterThanOrEqual(2)
  })

  it('a split over locked funds on two chains (a multichain compact, exogenous claim included)', async () => {
    const account = await fundedAccount([
      { chainId: 10, symbol: 'USDC', amount: usdc('150'), locked: true },
      { chainId: 8453, symbol: 'USDC', amount: usdc('150'), locked: true },
    ])
    const { intentOp } = await settles(account, {
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('250').toString() }],
    })
    expect(intentOp.elements).toHaveLength(2)
  })

  it('native ETH wrapped into WETH first, delivered as ETH', async () => {
    const account = await fundedAccount([{ chainId: 8453, symbol: 'ETH', amount: parseEther('0.5') }])
    const { intentOp } = await settles(account, {
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'ETH', amount: parseEther('0.1').toString() }],
    })
    const out = intentOp.elements.flatMap((e) => e.mandate.tokenOut.map(([id]) => decodeLockId(BigInt(id)).token))
    expect(out).toEqual([zeroAddress])
  })

  it('sponsored: the account pays no fee, the recipient gets exactly what it spends', async () => {
    const account = await fundedAccount([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const { intentOp } = await settles(account, {
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
    })
    const spent = intentOp.elements.flatMap((e) => e.idsAndAmounts).reduce((sum, [, a]) => sum + BigInt(a), 0n)
    expect(spent).toBe(usdc('60'))
  })

  it('the fee paid in another token than the one requested', async () => {
    const account = await fundedAccount([
      { chainId: 8453, symbol: 'ETH', amount: parseEther('0.2') },
      { chainId: 8453, symbol: 'USDC', amount: usdc('50') },
    ])
    const { intentCost } = await settles(account, {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'ETH', amount: parseEther('0.05').toString() }],
      options: { feeToken: 'USDC' },
    })
    expect(intentCost.feeToken.tokenSymbol).toBe('USDC')
  })

  it('the maximum: everything but the fee arrives', async () => {
    const account = await fundedAccount([{ chainId: 10, symbol: 'USDC', amount: usdc('80'), locked: true }])
    const { intentOp } = await settles(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC' }] })
    expect(BigInt(intentOp.elements[0]!.idsAndAmounts[0]![1])).toBe(usdc('80'))
  })

  it('to a recipient other than the account', async () => {
    const account = await fundedAccount([{ chainId: 42161, symbol: 'USDC', amount: usdc('90') }])
    const recipient = chain.freshAccount().address
    await settles(
      account,
      {
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        recipient: { address: recipient, accountType: 'EOA' },
      },
      recipient,
    )
  })

  it(
    'USDT0 across chains for an EOA is refused at quote time (only an ' +
      'account running ops sends OFT), naming the field and the reason',
    async () => {
      const account = await fundedAccount([{ chainId: 10, symbol: 'USDT0', amount: usdc('100') }])
      const r = await s.call('POST', '/intents/route', {
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'USDT0', amount: usdc('50').toString() }],
        account: { address: account.address, accountType: 'EOA' },
      })
      expect(r.status).toBe(422)
      expect(r.body.errors[0].context.field).toBe('tokenRequests')
      expect(r.body.message).toMatch(/LayerZero OFT, as the account's own send through its intent executor/)
    },
  )

  it(
    'destination executions are refused at quote time (422) ' + 'for an EOA that cannot run them, naming the field',
    async () => {
      const account = await fundedAccount([{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
      const r = await s.call('POST', '/intents/route', {
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
        account: { address: account.address, accountType: 'EOA' },
        destinationExecutions: [{ to: account.address, value: '0', data: '0x' }],
      })
      expect(r.status).toBe(422)
      expect(r.body.errors[0].context.field).toBe('destinationExecutions')
    },
  )

  it('the settlement times measured from the intents above, per destination chain', async () => {
    const r = await s.call('GET', '/settlement-times')
    expect(r.status).toBe(200)
    const times = settlementTimesResponseSchema.parse(r.body)
    expect(times.windowSeconds).toBe(86_400)
    const arbitrum = times.destinations.find((d) => d.chainId === 42161)!
    // This file alone completed six intents to Arbitrum One (other files on the stack may add more).
    expect(arbitrum.samples).toBeGreaterThanOrEqual(6)
    expect(arbitrum.p50Seconds).toBeGreaterThan(0)
    expect(arbitrum.p90Seconds).toBeGreaterThanOrEqual(arbitrum.p50Seconds)
    expect(arbitrum.p90Seconds).toBeLessThan(120)
  })
})
