// Settlement for smart accounts, as a property: fast-check generates the account (Nexus or Safe,
// undeployed or already deployed), the amount asked on the destination and the destination
// call's share of it; @rhinestone/sdk's own account prepares, signs and submits the route. After
// each, raw chain reads show that the intent COMPLETED, the account was deployed at the SDK's
// address, the call ran, the account and its beneficiary got exactly tokenOut between them, the
// locks lost exactly what the route spends, and the filler kept exactly the fee (never less than
// it delivered). A call that would revert is refused with nothing taken: the compat suite.
import fc from 'fast-check'
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base, optimism } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { operatorAddress } from '../../lib/devnet/demoAccount'
import { mined } from '../../lib/devnet/devnetClient'
import { finalStatus } from '../support/intentStatus'
import { sdkClient } from '../support/sdkClient'
import { expectedMoves, fillerAddress, settlement } from '../support/settlement'

const s = settlement()
const { chain } = s
const rpcUrls = inject('rpcUrls')
const sdk = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const runs = Number(process.env.SETTLEMENT_ACCOUNT_RUNS ?? 4)
const usdcOn = (chainId: number) => findTokenBySymbol(chainId, 'USDC')!.address

type Kind = 'nexus' | 'nexus-deployed' | 'safe' | 'safe-deployed'

/** A fresh account of that kind whose USDC is locked in The Compact on chain 10 (deployed first where said). */
async function fundedSmartAccount(kind: Kind, locked: bigint) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await sdk.createAccount({
    ...(kind.startsWith('safe') ? { account: { type: 'safe' as const } } : {}),
    owners: { type: 'ecdsa', accounts: [owner] },
  })
  const funder = chain.freshAccount()
  await chain.setEth(10, funder.address, parseEther('0.05'))
  await chain.mint(10, 'USDC', funder.address, locked)
  await chain.lockErc20(10, funder, 'USDC', locked, defaultLockTag, account.getAddress())
  if (kind.endsWith('-deployed')) {
    const init = account.getInitData() as { factory: Address; factoryData: `0x${string}` }
    for (const id of [10, 8453]) {
      const c = chain.client(id)
      await mined(
        c,
        c.sendTransaction({ account: operatorAddress, to: init.factory, data: init.factoryData, chain: c.chain }),
      )
    }
  }
  return account
}

describe('smart-account settlement, generated', () => {
  it(`${runs} generated smart-account routes (and one of each kind) with a ` +
    'destination call: exact amounts for account, beneficiary, locks and filler', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Kind>('nexus', 'nexus-deployed', 'safe', 'safe-deployed'),
        fc.bigInt({ min: 5n, max: 150n }).map((v) => parseUnits(String(v), 6)),
        fc.integer({ min: 1, max: 100 }),
        async (kind, asked, callPercent) => {
          const account = await fundedSmartAccount(kind, asked * 2n)
          const address = account.getAddress()
          const beneficiary = chain.freshAccount().address
          const call = (asked * BigInt(callPercent)) / 100n
          const prepared = await account.prepareTransaction({
            sourceChains: [optimism],
            targetChain: base,
            calls: [
              {
                to: usdcOn(8453),
                data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [beneficiary, call] }),
              },
            ],
            tokenRequests: [{ address: usdcOn(8453), amount: asked }],
          })
          const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
          const before = await s.snapshot(intentOp, address, address)
          const fillerBefore = await fillerUsdc()

          const result = await account.submitTransaction(await account.signTransaction(prepared))
          await account.waitForExecution(result)
          expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

          for (const id of [10, 8453]) expect((await chain.client(id).getCode({ address }))?.length).toBeGreaterThan(2)
          const after = await s.snapshot(intentOp, address, address)
          const moves = expectedMoves(intentOp, address, address)
          const destination = `erc20:8453:${usdcOn(8453)}:${address}`
          expect(moves.get(destination)).toBe(asked)
          moves.set(destination, asked - call) // the call sent `call` on to the beneficiary
          for (const [key, delta] of moves)
            expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
          expect(await chain.erc20Balance(8453, 'USDC', beneficiary)).toBe(call)

          // The filler was paid what the route spends and delivered tokenOut: it kept the fee, never less than nothing.
          const spent = intentOp.elements.reduce(
            (sum, e) => sum + e.idsAndAmounts.reduce((t, [, a]) => t + BigInt(a), 0n),
            0n,
          )
          const kept = (await fillerUsdc()) - fillerBefore
          expect(kept).toBe(spent - asked)
          expect(kept).toBeGreaterThanOrEqual(0n)
        },
      ),
      // Every kind at least once, whatever is generated.
      {
        numRuns: runs,
        examples: [
          ['nexus', parseUnits('40', 6), 25],
          ['nexus-deployed', parseUnits('12', 6), 100],
          ['safe', parseUnits('75', 6), 1],
          ['safe-deployed', parseUnits('30', 6), 50],
        ],
      },
    )
  }, 600_000)
})

/** The filler's USDC on the two chains these routes touch (both six decimals). */
async function fillerUsdc() {
  return (await chain.erc20Balance(10, 'USDC', fillerAddress)) + (await chain.erc20Balance(8453, 'USDC', fillerAddress))
}
