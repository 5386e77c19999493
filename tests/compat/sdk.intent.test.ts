// The published client's own lifecycle against the running app: getIntentRoute, signatures from its
// builders, submitIntent (dry run, then for real), and getIntentOpStatus polled the way its
// waitForExecution polls, until a final status; its typed errors for a replay and an unknown id.
import { IntentNotFoundError } from '@rhinestone/sdk/dist/src/orchestrator'
import { parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { orchestratorClient } from '../support/sdkClient'
import { settlement } from '../support/settlement'

const key = inject('apiKey')
const sdk = orchestratorClient(inject('baseUrl'), key)
const s = settlement()
const usdc = (v: string) => parseUnits(v, 6)

/** The client's stop rule: COMPLETED, FILLED, FAILED (and PRECONFIRMED). */
async function waitForExecution(id: bigint) {
  for (;;) {
    const status = (await sdk.getIntentOpStatus(id)) as {
      status: string
      fillTransactionHash?: string
      claims: { chainId: number; claimTransactionHash?: string }[]
    }
    if (['COMPLETED', 'FILLED', 'FAILED', 'PRECONFIRMED'].includes(status.status)) return status
    await new Promise((r) => setTimeout(r, 500))
  }
}

describe('@rhinestone/sdk submitIntent + getIntentOpStatus', () => {
  it('settles a route end to end and reports it as the client reads it', async () => {
    const account = s.chain.freshAccount()
    await s.chain.setEth(10, account.address, parseUnits('0.05', 18))
    await s.chain.mint(10, 'USDC', account.address, usdc('150'))
    await s.chain.lockErc20(10, account, 'USDC', usdc('150'), defaultLockTag)
    const route = (await sdk.getIntentRoute({
      account: { address: account.address, accountType: 'EOA', setupOps: [] },
      destinationChainId: 42161,
      destinationExecutions: [],
      tokenRequests: [{ tokenAddress: findTokenBySymbol(42161, 'USDC')!.address, amount: usdc('75') }],
      options: { topupCompact: false },
    } as never)) as unknown as { intentOp: Parameters<typeof s.sign>[1] }
    const signed = await s.sign(account, route.intentOp)

    const dry = (await sdk.submitIntent(signed as never, true)) as { result: { id: string; status: string } }
    expect(dry.result).toMatchObject({ id: route.intentOp.nonce, status: 'PENDING' })

    const submitted = (await sdk.submitIntent(signed as never, false)) as { result: { id?: string; status: string } }
    const id = BigInt(submitted.result.id ?? route.intentOp.nonce) // exactly what the client does
    // Locked funds settle fill first: the client may stop at FILLED (delivered), before the filler's
    // claim against the attestation; the claim follows and the status ends COMPLETED.
    const delivered = await waitForExecution(id)
    expect(['FILLED', 'COMPLETED']).toContain(delivered.status)
    expect(delivered.fillTransactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    let status = delivered
    while (status.status === 'FILLED') {
      await new Promise((r) => setTimeout(r, 100))
      status = (await sdk.getIntentOpStatus(id)) as typeof delivered
    }
    expect(status.status).toBe('COMPLETED')
    expect(status.fillTransactionHash).toBe(delivered.fillTransactionHash)
    expect(status.claims).toEqual([
      expect.objectContaining({ chainId: 10, claimTransactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) }),
    ])

    await expect(sdk.submitIntent(signed as never, false)).rejects.toMatchObject({ statusCode: 409 })
  })

  it('maps an unknown intent id to its IntentNotFoundError', async () => {
    await expect(sdk.getIntentOpStatus(123456789n)).rejects.toBeInstanceOf(IntentNotFoundError)
  })
})
