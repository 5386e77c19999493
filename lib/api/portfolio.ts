// Wire schemas of GET /accounts/{userAddress}/portfolio in the shape @rhinestone/sdk's portfolio call reads (version
// 2026-01.alps), and the serializer.
import { z } from 'zod'
import type { PortfolioEntry } from '../core/portfolio/aggregatePortfolio'
import { chainWarningsSchema } from '../core/wire/chainWarnings'
import { address, addressInput, decimal } from './primitives'

const MAX_FILTER_ITEMS = 100

const chainIdText = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a decimal chain id')
  .transform(Number)

export const portfolioQuerySchema = z.object({
  userAddress: addressInput('must be a 0x-prefixed 20-byte address (checksummed or all one case)'),
  chainIds: z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(z.array(chainIdText).min(1).max(MAX_FILTER_ITEMS, `at most ${MAX_FILTER_ITEMS} chain ids`))
    // A chain named twice is read once (its balances must not count twice).
    .transform((ids) => [...new Set(ids)])
    .optional(),
  tokens: z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}:[\w.]{1,64}$/, 'each entry must be chainId:tokenAddress (or chainId:SYMBOL)')
            .transform((pair) => {
              const [chain, token] = pair.split(':') as [string, string]
              return { chainId: Number(chain), token }
            }),
        )
        .min(1)
        .max(MAX_FILTER_ITEMS, `at most ${MAX_FILTER_ITEMS} tokens`),
    )
    .transform((pairs) =>
      pairs.filter(
        (p, i) =>
          pairs.findIndex((q) => q.chainId === p.chainId && q.token.toLowerCase() === p.token.toLowerCase()) === i,
      ),
    )
    .optional(),
  filterEmpty: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
})

const amounts = z.object({ locked: decimal, unlocked: decimal })

/** Additive: chains that did not answer and were left out (also in the x-unavailable-chains header). */
export const warningsSchema = chainWarningsSchema
export type Warnings = z.infer<typeof warningsSchema>

export const portfolioResponseSchema = z.object({
  portfolio: z.array(
    z.object({
      tokenName: z.string(),
      tokenDecimals: z.number().int(),
      balance: amounts,
      tokenChainBalance: z.array(z.object({ chainId: z.number().int(), tokenAddress: address, balance: amounts })),
    }),
  ),
  warnings: warningsSchema.optional(),
  /** Additive: chains the filters named that are not served here, left out instead of refused. */
  unsupportedChainIds: z
    .array(z.number().int())
    .optional()
    .describe(
      'Additive, only when the chainIds or tokens filter names chains this deployment does not serve: ' +
        'those chain ids, ascending. They are left out and the served ones answered; the same ids are in ' +
        'the x-unsupported-chains header',
    ),
  /** Additive: the block each chain was read at, so a reader can tell how fresh the balances are. */
  blocks: z
    .array(z.object({ chainId: z.number().int(), blockNumber: decimal }))
    .optional()
    .describe('Additive: the block each chain was read at'),
})

export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>

export function serializePortfolio(
  entries: readonly PortfolioEntry[],
  warnings: Readonly<Warnings> = [],
  blocks: readonly { chainId: number; blockNumber: bigint }[] = [],
  unsupportedChainIds: readonly number[] = [],
): PortfolioResponse {
  const text = (a: { locked: bigint; unlocked: bigint }) => ({
    locked: a.locked.toString(),
    unlocked: a.unlocked.toString(),
  })
  return {
    portfolio: entries.map((e) => ({
      tokenName: e.tokenName,
      tokenDecimals: e.tokenDecimals,
      balance: text(e.balance),
      tokenChainBalance: e.tokenChainBalance.map((c) => ({
        chainId: c.chainId,
        tokenAddress: c.tokenAddress,
        balance: text(c.balance),
      })),
    })),
    ...(warnings.length > 0 ? { warnings: [...warnings] } : {}),
    ...(unsupportedChainIds.length > 0 ? { unsupportedChainIds: [...unsupportedChainIds] } : {}),
    ...(blocks.length > 0
      ? { blocks: blocks.map((b) => ({ chainId: b.chainId, blockNumber: b.blockNumber.toString() })) }
      : {}),
  }
}
