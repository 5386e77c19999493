// Wire schemas of POST /intents/split and GET /chains as @rhinestone/sdk's splitIntents and chain calls read them.
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { amountSchema } from './amount'
import { address, decimal } from './primitives'
import { sizeFirst } from './sizeFirst'

const tokenAmounts = z
  .record(
    z.string().refine((a) => isAddress(a), 'each key must be a token address'),
    amountSchema.pipe(z.bigint().min(1n, 'must be greater than 0')),
  )
  .refine((t) => Object.keys(t).length > 0, 'between 1 and 10 tokens')

const byAddress = (tokens: Record<string, bigint>) => {
  const entries = Object.entries(tokens).map(([token, amount]) => [getAddress(token), amount] as const)
  return new Map(entries)
}

export const splitRequestSchema = z.object({
  chainId: z.number().int().min(1),
  tokens: sizeFirst(tokenAmounts, 10, 'between 1 and 10 tokens').transform(byAddress),
  settlementLayers: sizeFirst(z.array(z.string().max(32)).max(7), 7, 'at most 7 entries').optional(),
})

export const splitResponseSchema = z.object({ intents: z.array(z.record(z.string(), decimal)) })

export const chainsResponseSchema = z.record(
  z.string(),
  z.object({
    name: z.string(),
    supportedTokens: z.array(z.object({ symbol: z.string(), address, decimals: z.number().int() })),
    testnet: z.boolean(),
  }),
)
