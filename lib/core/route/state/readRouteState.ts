// Everything a route plan needs from chain, read live: per chain one Multicall3 round (balances
// and locks, block time, Permit2 allowances, OP-stack L1 fee parameters, OFT quotes, and on the
// feed chain the USD prices), with gas price, account code and nonce fetched alongside.
import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex, pad } from 'viem'
import { erc7579AccountAbi } from '../../abi/erc7579Account'
import { gasPriceOracleAbi } from '../../abi/gasPriceOracle'
import { multicall3ViewsAbi } from '../../abi/multicall3'
import { oftAbi } from '../../abi/oft'
import { nexus, nexusAccountAbi } from '../../accounts/smartAccounts'
import { addresses, oftAdapters } from '../../addresses'
import { abiCall, type ChainReader, createRound, runRound, wordCall } from '../../chainState/multicallRound'
import { type ChainWarning, settleChains } from '../../chainState/settleChains'
import type { TtlCache } from '../../chainState/ttlCache'
import { getChain } from '../../chains/chains'
import { ChainUnavailableError, firstLine } from '../../errors'
import { balanceReads, type TokenBalance } from '../../portfolio/readBalances'
import { type PriceFeeds, priceReads, type UsdPrices } from '../../prices/readUsdPrices'
import type { TokenGroup } from '../../tokens/tokenList'
import { tokensOnChain } from '../../tokens/tokens'
import type { L1FeeParams } from '../feeModel'

export type OftQuote = {
  adapter: Address
  dstEid: number
  nativeFee: bigint
  amountSentLD: bigint
  amountReceivedLD: bigint
}

export type ChainState = {
  chainId: number
  blockNumber: bigint
  timestamp: bigint
  balances: TokenBalance[]
  /** ERC-20 allowance the account gave Permit2, by token address. */
  permit2Allowance: Map<Address, bigint>
  gasPrice: bigint
  l1FeeParams?: L1FeeParams
  oftQuote?: OftQuote
  accountCode: Hex | undefined
  recipientCode?: Hex | undefined
  accountNonce?: number
  recipientNonce?: number
  /** Whether the account (recipient: on the destination) answers ERC-7579's accountId(); read only where it
   * has code. */
  accountErc7579?: boolean
  recipientErc7579?: boolean
  /** Whether the account has the intent executor installed (read only where calls would run and it has code). */
  executorInstalled?: boolean
}

export type RouteState = { chains: Map<number, ChainState>; prices: UsdPrices; warnings: ChainWarning[] }

/** What a chain's market looks like, the same for every account: cached for a short, bounded time. */
export type MarketData = { gasPrice: bigint; l1FeeParams?: L1FeeParams; prices?: UsdPrices }

export type ReadRouteStateParameters = {
  readers: readonly ChainReader[]
  account: Address
  recipient: Address
  destinationChainId: number
  groups: readonly TokenGroup[]
  lockTags: readonly Hex[]
  /** Amount (USDT units) to quote OFT sends for; fees scale from the receipt. */
  oftQuoteAmount: bigint
  /** Chains whose account / recipient nonce is needed (to check supplied EIP-7702 authorizations). */
  nonceChains: readonly number[]
  recipientNonceChains: readonly number[]
  /** Chains where the route would run calls as the account (pre-claim, destination): its executor is read there. */
  executorChains: readonly number[]
  prices: { chainId: number; feeds: PriceFeeds; maxAgeSeconds: number }
  /** Reuse of gas prices, L1 fee parameters and USD prices for at most `maxAgeMs`. */
  market?: { cache: TtlCache<MarketData>; maxAgeMs: number }
}

export async function readRouteState(p: ReadRouteStateParameters): Promise<RouteState> {
  let prices: UsdPrices | undefined
  // A source chain that does not answer is planned without (a warning says so); the destination
  // chain, and the chain the prices come from, cannot be done without.
  const { results, warnings } = await settleChains(
    p.readers.map((r) => r.chainId),
    async (id): Promise<ChainState> => {
      const reader = p.readers.find((r) => r.chainId === id)
      if (!reader) throw new Error(`readRouteState: no reader for chain ${id}`)
      // Native ETH always: an OFT send pays LayerZero's fee from it, whatever asset the route moves.
      const tokens = tokensOnChain(id).filter((t) => p.groups.includes(t.extensions.group) || t.extensions.native)
      const round = createRound()
      const collectBalances = balanceReads(round, p.account, tokens, p.lockTags)
      const erc20s = tokens.filter((t) => !t.extensions.native)
      const allowanceData = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'allowance',
        args: [p.account, addresses.permit2],
      })
      const clock = round.add(
        wordCall(
          addresses.multicall3,
          encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getCurrentBlockTimestamp' }),
          'block timestamp',
        ),
      )
      const allowances = erc20s.map(
        (t) => [t.address, round.add(wordCall(t.address, allowanceData, `${t.symbol} allowance to Permit2`))] as const,
      )
      const known = p.market && p.market.maxAgeMs > 0 ? p.market.cache.peek(String(id)) : undefined
      const oracle = (fn: 'l1BaseFee' | 'blobBaseFee' | 'baseFeeScalar' | 'blobBaseFeeScalar') =>
        round.add(
          wordCall(
            addresses.gasPriceOracle,
            encodeFunctionData({ abi: gasPriceOracleAbi, functionName: fn }),
            `GasPriceOracle.${fn}`,
          ),
        )
      const l1 =
        getChain(id)?.stack === 'op-stack' && !known
          ? {
              l1BaseFee: oracle('l1BaseFee'),
              blobBaseFee: oracle('blobBaseFee'),
              baseFeeScalar: oracle('baseFeeScalar'),
              blobBaseFeeScalar: oracle('blobBaseFeeScalar'),
            }
          : undefined
      const oft = oftRoute(id, p.destinationChainId, p.groups)
      const sendParam = oft
        ? ({
            dstEid: oft.dstEid,
            to: pad(p.recipient),
            amountLD: p.oftQuoteAmount,
            minAmountLD: 0n,
            extraOptions: '0x',
            composeMsg: '0x',
            oftCmd: '0x',
          } as const)
        : undefined
      const oftReads =
        oft && sendParam
          ? {
              fee: round.add(abiCall(oft.adapter, oftAbi, 'quoteSend', [sendParam, false], 'OFT quoteSend')),
              receipt: round.add(abiCall(oft.adapter, oftAbi, 'quoteOFT', [sendParam], 'OFT quoteOFT')),
            }
          : undefined
      const collectPrices =
        id === p.prices.chainId && !known ? priceReads(round, p.prices.feeds, p.prices.maxAgeSeconds) : undefined

      const isDestination = id === p.destinationChainId
      const [results, gasPrice, accountCode, recipientCode, accountNonce, recipientNonce] = await Promise.all([
        runRound(reader, round),
        known ? known.gasPrice : reader.client.getGasPrice(),
        reader.client.getCode({ address: p.account }),
        isDestination && p.recipient !== p.account ? reader.client.getCode({ address: p.recipient }) : undefined,
        p.nonceChains.includes(id) ? reader.client.getTransactionCount({ address: p.account }) : undefined,
        p.recipientNonceChains.includes(id) ? reader.client.getTransactionCount({ address: p.recipient }) : undefined,
      ]).catch((error: unknown) => {
        if (error instanceof ChainUnavailableError) throw error
        throw new ChainUnavailableError(id, error instanceof Error ? firstLine(error.message) : String(error), {
          cause: error,
        })
      })

      const recipientCodeHere = isDestination ? (p.recipient === p.account ? accountCode : recipientCode) : undefined
      const [accountErc7579, recipientErc7579, executorInstalled] = await Promise.all([
        answersAccountId(reader, p.account, accountCode),
        isDestination ? answersAccountId(reader, p.recipient, recipientCodeHere) : undefined,
        p.executorChains.includes(id) ? hasIntentExecutor(reader, p.account, accountCode) : undefined,
      ])
      const collected = collectBalances(results)
      const permit2Allowance = new Map(allowances.map(([token, slot]) => [token, results.read(slot)]))
      const l1FeeParams = l1
        ? {
            l1BaseFee: results.read(l1.l1BaseFee),
            blobBaseFee: results.read(l1.blobBaseFee),
            baseFeeScalar: BigInt(results.read(l1.baseFeeScalar)),
            blobBaseFeeScalar: BigInt(results.read(l1.blobBaseFeeScalar)),
          }
        : known?.l1FeeParams
      let oftQuote: OftQuote | undefined
      if (oft && oftReads) {
        const [, , receipt] = results.read(oftReads.receipt)
        oftQuote = {
          ...oft,
          nativeFee: results.read(oftReads.fee).nativeFee,
          amountSentLD: receipt.amountSentLD,
          amountReceivedLD: receipt.amountReceivedLD,
        }
      }
      if (collectPrices) prices = collectPrices(results)
      else if (id === p.prices.chainId && known?.prices) prices = known.prices
      if (!known && p.market && p.market.maxAgeMs > 0) {
        p.market.cache.set(
          String(id),
          { gasPrice, l1FeeParams, ...(id === p.prices.chainId ? { prices } : {}) },
          p.market.maxAgeMs,
        )
      }
      const timestamp = results.read(clock)
      return {
        chainId: id,
        blockNumber: collected.blockNumber,
        timestamp,
        balances: collected.balances,
        permit2Allowance,
        gasPrice,
        l1FeeParams,
        oftQuote,
        accountCode,
        recipientCode: recipientCodeHere,
        accountNonce,
        recipientNonce,
        accountErc7579,
        recipientErc7579,
        executorInstalled,
      }
    },
  )
  // Prices from the market cache still count while fresh, even if their chain just went away.
  prices ??= p.market && p.market.maxAgeMs > 0 ? p.market.cache.peek(String(p.prices.chainId))?.prices : undefined
  const lost = (chainId: number) => warnings.find((w) => w.chainId === chainId)
  if (!results.has(p.destinationChainId))
    throw new ChainUnavailableError(p.destinationChainId, lost(p.destinationChainId)?.message ?? 'not served')
  if (!prices)
    throw new ChainUnavailableError(
      p.prices.chainId,
      lost(p.prices.chainId)?.message ?? `prices are read on chain ${p.prices.chainId}, which is not served`,
    )
  return { chains: results, prices, warnings }
}

/** ERC-7579 accounts name themselves in accountId(); an account without code is not asked. */
async function answersAccountId(
  reader: ChainReader,
  address: Address,
  code: Hex | undefined,
): Promise<boolean | undefined> {
  if (!code || code === '0x') return undefined
  try {
    const { data } = await reader.client.call({
      to: address,
      data: encodeFunctionData({ abi: erc7579AccountAbi, functionName: 'accountId' }),
    })
    return (
      data !== undefined && decodeFunctionResult({ abi: erc7579AccountAbi, functionName: 'accountId', data }).length > 0
    )
  } catch {
    return false
  }
}

/** Whether the account has the intent executor installed as an ERC-7579 executor (module type 2). */
async function hasIntentExecutor(reader: ChainReader, account: Address, code: Hex | undefined): Promise<boolean> {
  if (!code || code === '0x') return false
  const args = [2n, nexus.intentExecutor, '0x'] as const
  return reader.client
    .readContract({ address: account, abi: nexusAccountAbi, functionName: 'isModuleInstalled', args })
    .catch(() => false)
}

function oftRoute(fromChain: number, toChain: number, groups: readonly TokenGroup[]) {
  if (fromChain === toChain || !groups.includes('USDT')) return undefined
  const from = oftAdapters[fromChain as keyof typeof oftAdapters]
  const to = oftAdapters[toChain as keyof typeof oftAdapters]
  return from && to ? { adapter: from.adapter as Address, dstEid: to.eid } : undefined
}
