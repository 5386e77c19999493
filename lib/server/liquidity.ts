import 'server-only'
// The registry and the filler's inventory behind GET /chains and POST /intents/split.
import { type Address, erc20Abi, zeroAddress } from 'viem'
import { getChain } from '../core/chains/chains'
import { ChainUnavailableError, InsufficientLiquidityError, ServiceError, UnsupportedChainError } from '../core/errors'
import { splitIntents } from '../core/split/splitIntents'
import { findTokenByAddress, tokensOnChain } from '../core/tokens/tokens'
import { serverContext } from './context'

/** Every served chain with the tokens the router moves there. */
export function servedChains() {
  return Object.fromEntries(
    serverContext().readers.map((r) => [
      String(r.chainId),
      {
        name: getChain(r.chainId)?.name ?? String(r.chainId),
        supportedTokens: tokensOnChain(r.chainId).map((t) => ({
          symbol: t.symbol,
          address: t.address,
          decimals: t.decimals,
        })),
        testnet: false,
      },
    ]),
  )
}

/** The wanted amounts as intents the filler can fill, or a 422 (InsufficientLiquidityError) saying
 * what it can fill and what is left. */
export async function splitByLiquidity(
  chainId: number,
  wanted: Map<Address, bigint>,
): Promise<Record<Address, bigint>[]> {
  const ctx = serverContext()
  const reader = ctx.readers.find((r) => r.chainId === chainId)
  if (!reader) throw new UnsupportedChainError(chainId, 'chainId')
  for (const token of wanted.keys()) {
    if (!findTokenByAddress(chainId, token)) {
      const message = `Token ${token} not supported on chain ${chainId}`
      throw new ServiceError(
        'invalid_input',
        message,
        [{ message, context: { field: `tokens.${token}`, chainId, token } }],
        { code: 'UNSUPPORTED_TOKEN' },
      )
    }
  }
  const filler = ctx.fillerAddress
  if (!filler)
    throw new ServiceError(
      'unavailable',
      'No filler is configured here, so there is no liquidity to split over (FILLER_ADDRESS)',
    )
  const available = new Map<Address, bigint>()
  try {
    for (const token of wanted.keys()) {
      const balance =
        token === zeroAddress
          ? await reader.client.getBalance({ address: filler })
          : await reader.client.readContract({
              address: token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [filler],
            })
      available.set(token, balance)
    }
  } catch (error) {
    throw new ChainUnavailableError(
      chainId,
      error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
      {
        cause: error,
      },
    )
  }
  const split = splitIntents(wanted, available)
  if (!split.ok) throw new InsufficientLiquidityError(split.availableIntents, split.unfillable)
  return split.intents
}
