// The client's splitIntents against POST /intents/split (the filler's inventory is the liquidity),
// and GET /chains from the same registry the planner uses.
import { InsufficientLiquidityError } from '@rhinestone/sdk/dist/src/orchestrator'
import { type Address, erc20Abi, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { chains } from '../../lib/core/chains/chains'
import { findTokenBySymbol, tokensOnChain } from '../../lib/core/tokens/tokens'
import { devnetActions } from '../support/devnetActions'
import { orchestratorClient } from '../support/sdkClient'
import { fillerAddress } from '../support/settlement'

const base = `${inject('baseUrl')}/api/v1`
const key = inject('apiKey')
const sdk = orchestratorClient(inject('baseUrl'), key)
const chain = devnetActions(inject('rpcUrls'))
const usdcBase = findTokenBySymbol(8453, 'USDC')!.address as Address

describe('@rhinestone/sdk splitIntents', () => {
  it('gives one intent when the filler holds enough', async () => {
    const split = await sdk.splitIntents({ chain: { id: 8453 }, tokens: { [usdcBase]: parseUnits('250', 6) } } as never)
    expect(split.intents).toEqual([{ [usdcBase]: parseUnits('250', 6) }])
  })

  it("throws the client's InsufficientLiquidityError with exact available and unfillable amounts", async () => {
    const inventory = await chain
      .client(8453)
      .readContract({ address: usdcBase, abi: erc20Abi, functionName: 'balanceOf', args: [fillerAddress] })
    const error = await sdk
      .splitIntents({ chain: { id: 8453 }, tokens: { [usdcBase]: inventory + 5n } } as never)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InsufficientLiquidityError)
    expect((error as InsufficientLiquidityError).availableIntents).toEqual([{ [usdcBase]: inventory }])
    expect((error as InsufficientLiquidityError).unfillable).toEqual({ [usdcBase]: 5n })
  })
})

describe('GET /chains', () => {
  it('lists every served chain with the tokens routes move there', async () => {
    const res = await fetch(`${base}/chains`, { headers: { 'x-api-key': key } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<
      string,
      { name: string; supportedTokens: { symbol: string; address: string; decimals: number }[]; testnet: boolean }
    >
    expect(Object.keys(body).sort()).toEqual(chains.map((c) => String(c.id)).sort())
    for (const c of chains) {
      expect(body[String(c.id)]).toEqual({
        name: c.name,
        testnet: false,
        supportedTokens: tokensOnChain(c.id).map((t) => ({
          symbol: t.symbol,
          address: t.address,
          decimals: t.decimals,
        })),
      })
    }
  })
})
