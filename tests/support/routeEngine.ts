// The route engine called directly against the devnet, and an independent fee calculator: the
// fee model's formulas written out again here and fed with what the chain holds (feed answers,
// gas prices, the GasPriceOracle's own getL1Fee, OFT quotes), so expected fees never come from
// the engine's own output.
import { type Address, type Chain, createPublicClient, type Hex, http, parseAbi, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import { routeRequestSchema } from '../../lib/api/routeRequest'
import { signature } from '../../lib/core/abi/signature'
import { addresses, oftAdapters, priceFeeds } from '../../lib/core/addresses'
import { chains, getChain } from '../../lib/core/chains/chains'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { decodeLockId, lockId } from '../../lib/core/locks/lockId'
import { defaultFeeModel } from '../../lib/core/route/feeModel'
import { quoteRoute } from '../../lib/core/route/quoteRoute'
import { findTokenByAddress, findTokenBySymbol, type TokenGroup, type TokenInfo } from '../../lib/core/tokens/tokens'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { devnetActions } from './devnetActions'

export const PROTOCOL_BPS = 3

/** Some EIP-7702 delegate; the engine reads the designator, not what the delegate does. */
const DELEGATE = '0x00000000000000000000000000000000DE1E6A7E'
export const delegationTo = (delegate: string) => `0xef0100${delegate.slice(2)}` as const
/** The model the engine is called with; its numbers (not its code) feed the calculator below. */
export const model = defaultFeeModel(PROTOCOL_BPS)
export const TTL_SECONDS = 600n

/** settlementLayers.ts, copied: the arbiter per wire layer for a 7579 account (the default smartAccount). */
export const arbiters: Record<string, Address> = {
  SAME_CHAIN: '0x000000000006e2569CaF8Ff021810790e0A0D740',
  ACROSS: '0x28a4D41776968c1201A807ec51fFB405362B8882',
  ECO: '0x2e7627CCfAe4eDb336eEb5a70f08415B0F1a2b8C',
  RELAY: '0xad549C787B8C00B4E880e327c3Ad3965275cEdfd',
  INTENT_EXECUTOR: addresses.intentExecutor,
}

export const token = (chainId: number, symbol: string): TokenInfo => findTokenBySymbol(chainId, symbol)!
/** The id a tokenOut / Permit2 leg carries: default lock tag ‖ token. */
export const outId = (chainId: number, symbol: string) =>
  lockId(defaultLockTag, token(chainId, symbol).address).toString()

export function routeEngine() {
  const rpcUrls = inject('rpcUrls')
  const chain = devnetActions(rpcUrls)
  const readers = chains.map((c) => ({
    chainId: c.id,
    client: createPublicClient({ chain: c.viem as Chain, transport: http(rpcUrls[c.id]) }),
  }))
  const signer = privateKeyToAccount(generatePrivateKey())
  let nonce = 1n
  const route = (body: unknown, o: { nonce?: bigint } = {}) =>
    quoteRoute({
      input: routeRequestSchema.parse(body),
      readers,
      lockTags: [defaultLockTag],
      prices: { chainId: priceFeeds.chainId, feeds: priceFeeds.feeds, maxAgeSeconds: 90_000 },
      model,
      ttlSeconds: Number(TTL_SECONDS),
      nonce: o.nonce ?? nonce++,
      signer,
      fillerAddress: fillerAccount.address,
    })
  /** A route that must be fulfilled. */
  const fulfilled = async (body: unknown, o: { nonce?: bigint } = {}) => {
    const r = await route(body, o)
    if (!r.intentOp) throw new Error(`route not fulfilled: ${JSON.stringify(r.intentCost)}`)
    return { ...r, intentOp: r.intentOp }
  }
  /** A fresh account holding exactly `funds` (ETH via setBalance, stablecoins minted by the operator). */
  /** A fresh account holding `funds`; `delegatedOn` gives it an EIP-7702 delegation there, so it
   * can run operations (OFT sends, executions) that a plain EOA cannot. */
  const funded = async (
    funds: { chainId: number; symbol: 'ETH' | 'USDC' | 'USDT' | 'USDT0'; amount: bigint }[],
    o: { delegatedOn?: number[]; nexusOn?: number[] } = {},
  ) => {
    const account = chain.freshAccount()
    for (const id of o.nexusOn ?? []) await chain.delegateToNexus(id, account)
    for (const f of funds) {
      if (f.symbol === 'ETH') await chain.setEth(f.chainId, account.address, f.amount)
      else await chain.mint(f.chainId, f.symbol, account.address, f.amount)
    }
    for (const id of o.delegatedOn ?? [])
      await chain.client(id).setCode({ address: account.address, bytecode: delegationTo(DELEGATE) })
    return account
  }
  return { chain, readers, signer, route, fulfilled, funded, market: () => readMarket(chain) }
}

const feedAbi = parseAbi([
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
  'function decimals() view returns (uint8)',
])
const oracleAbi = parseAbi([
  'function l1BaseFee() view returns (uint256)',
  'function blobBaseFee() view returns (uint256)',
  'function baseFeeScalar() view returns (uint32)',
  'function blobBaseFeeScalar() view returns (uint32)',
  'function getL1Fee(bytes) view returns (uint256)',
])
const oftAbi = parseAbi([
  signature(
    'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; ',
    'bytes composeMsg; bytes oftCmd; }',
  ),
  'function quoteSend(SendParam, bool) view returns ((uint256 nativeFee, uint256 lzTokenFee))',
  'function feeBps() view returns (uint16)',
])

export type Price = { answer: bigint; decimals: number }
export type Market = Awaited<ReturnType<typeof readMarket>>

/** What the chain says now: feed answers, gas prices, L1 fee parameters; getL1Fee and OFT quotes on demand. */
async function readMarket(chain: ReturnType<typeof devnetActions>) {
  const c1 = chain.client(priceFeeds.chainId)
  const prices = {} as Record<TokenGroup, Price>
  for (const [group, feed] of Object.entries(priceFeeds.feeds) as [TokenGroup, Address][]) {
    const [, answer] = await c1.readContract({ address: feed, abi: feedAbi, functionName: 'latestRoundData' })
    prices[group] = {
      answer,
      decimals: await c1.readContract({ address: feed, abi: feedAbi, functionName: 'decimals' }),
    }
  }
  const gasPrices: Record<number, bigint> = {}
  const opGasParams: Record<
    string,
    { l1BaseFee: string; l1BlobBaseFee: string; baseFeeScalar: string; blobFeeScalar: string }
  > = {}
  for (const c of chains) {
    gasPrices[c.id] = await chain.client(c.id).getGasPrice()
    if (c.stack !== 'op-stack') continue
    const read = (functionName: 'l1BaseFee' | 'blobBaseFee' | 'baseFeeScalar' | 'blobBaseFeeScalar') =>
      chain.client(c.id).readContract({ address: addresses.gasPriceOracle, abi: oracleAbi, functionName }).then(String)
    opGasParams[String(c.id)] = {
      l1BaseFee: await read('l1BaseFee'),
      l1BlobBaseFee: await read('blobBaseFee'),
      baseFeeScalar: await read('baseFeeScalar'),
      blobFeeScalar: await read('blobBaseFeeScalar'),
    }
  }
  /** The oracle's own fee for a transaction of `bytes` non-zero calldata bytes. */
  const l1Fee = async (chainId: number, bytes: number): Promise<bigint> => {
    if (getChain(chainId)!.stack !== 'op-stack') return 0n
    return chain.client(chainId).readContract({
      address: addresses.gasPriceOracle,
      abi: oracleAbi,
      functionName: 'getL1Fee',
      args: [`0x${'ff'.repeat(bytes)}` as Hex],
    })
  }
  /** The OFT adapter's quote (native fee, fee bps) on `chainId`. */
  const oft = async (chainId: number) => {
    const adapter = oftAdapters[chainId as keyof typeof oftAdapters].adapter
    const c = chain.client(chainId)
    const param = {
      dstEid: 0,
      to: `0x${'00'.repeat(32)}` as Hex,
      amountLD: 1n,
      minAmountLD: 0n,
      extraOptions: '0x' as Hex,
      composeMsg: '0x' as Hex,
      oftCmd: '0x' as Hex,
    }
    const { nativeFee } = await c.readContract({
      address: adapter,
      abi: oftAbi,
      functionName: 'quoteSend',
      args: [param, false],
    })
    return {
      adapter,
      nativeFee,
      feeBps: BigInt(await c.readContract({ address: adapter, abi: oftAbi, functionName: 'feeBps' })),
    }
  }
  return { prices, gasPrices, opGasParams, l1Fee, oft }
}

// The fee model's arithmetic (USD with 8 decimals): value rounded down, fee units rounded up.
export const toUsd8 = (amount: bigint, decimals: number, p: Price) =>
  (amount * p.answer * 10n ** 8n) / 10n ** BigInt(decimals + p.decimals)
export const fromUsd8 = (usd8: bigint, decimals: number, p: Price) => {
  const d = p.answer * 10n ** 8n
  return (usd8 * 10n ** BigInt(decimals + p.decimals) + d - 1n) / d
}
export const bpsUp = (amount: bigint, bps: bigint) => (amount * bps + 9_999n) / 10_000n
export const usd = (usd8: bigint) => Number(usd8) / 1e8

export type Layer = 'SAME_CHAIN' | 'ACROSS' | 'ECO' | 'RELAY' | 'OFT'
export type Funding = 'COMPACT' | 'PERMIT2' | 'NO_FUNDING'
export type ElementSpec = {
  chainId: number
  funding: Funding
  layer: Layer
  legs: { token: TokenInfo; amount: bigint }[] /** false for an element that only pays the fee */
  delivers?: boolean
}
export type FeeSpec = {
  destinationChainId: number
  elements: ElementSpec[]
  /** What each request delivers (its target). */
  targets: { token: TokenInfo; amount: bigint }[]
  feeToken: TokenInfo
  sponsor?: { gas?: boolean; bridge?: boolean; protocol?: boolean }
  executionGas?: bigint
  executionBytes?: number
}

/** Gas of one transaction in USD8: units at the chain's gas price plus the OP-stack L1 data fee. */
async function txUsd8(m: Market, chainId: number, units: bigint, bytes: number) {
  return toUsd8(units * m.gasPrices[chainId]! + (await m.l1Fee(chainId, bytes)), 18, m.prices.ETH)
}

/** The bridge fee of one element moving `amount` in one leg. OFT: only what the adapter keeps —
 * LayerZero's native fee is paid by the account itself, in ETH, as the send's value. */
export async function bridgeUsd8(
  m: Market,
  layer: Layer,
  chainId: number,
  t: TokenInfo,
  amount: bigint,
): Promise<bigint> {
  return bridgeFixedUsd8(layer) + (await bridgeProportionalUsd8(m, layer, chainId, t, amount))
}

export function bridgeFixedUsd8(layer: Layer): bigint {
  return layer === 'OFT' ? 0n : model.bridge[layer].fixedUsd8
}

export async function bridgeProportionalUsd8(
  m: Market,
  layer: Layer,
  chainId: number,
  t: TokenInfo,
  amount: bigint,
): Promise<bigint> {
  if (layer === 'OFT') {
    const q = await m.oft(chainId)
    return q.feeBps === 0n ? 0n : toUsd8(bpsUp(amount, q.feeBps), t.decimals, m.prices[t.extensions.group])
  }
  const fee = model.bridge[layer]
  return fee.bps === 0n ? 0n : toUsd8(bpsUp(amount, fee.bps), t.decimals, m.prices[t.extensions.group])
}

/** The fee the model charges for a route of these elements delivering these targets. */
export async function expectedFees(m: Market, s: FeeSpec) {
  const calldata = model.gas.calldata
  let gas = 0n
  let bridge = 0n
  for (const e of s.elements) {
    const tokens = new Set(e.legs.map((l) => l.token.address)).size
    const claim = model.gas.claim[e.funding]
    gas += await txUsd8(
      m,
      e.chainId,
      claim.base + claim.perToken * BigInt(tokens),
      calldata.claim[e.funding].base + calldata.claim[e.funding].perToken * tokens + calldata.signature,
    )
    // An element that only pays the fee bridges nothing; one that bridges pays the fixed part once.
    if (e.delivers === false) continue
    bridge += bridgeFixedUsd8(e.layer)
    for (const leg of e.legs) bridge += await bridgeProportionalUsd8(m, e.layer, e.chainId, leg.token, leg.amount)
  }
  const delivered = s.targets.filter((t) => t.amount > 0n).length
  const fillUnits = model.gas.fill.base + model.gas.fill.perToken * BigInt(delivered) + (s.executionGas ?? 0n)
  const fill = await txUsd8(
    m,
    s.destinationChainId,
    fillUnits,
    calldata.fill.base +
      calldata.fill.perToken * delivered +
      (s.executionBytes ?? 0) +
      ((s.executionGas ?? 0n) > 0n ? calldata.accountOps + calldata.signature : 0),
  )
  gas += fill
  const protocol = s.targets.reduce(
    (sum, t) =>
      sum + toUsd8(bpsUp(t.amount, BigInt(PROTOCOL_BPS)), t.token.decimals, m.prices[t.token.extensions.group]),
    0n,
  )
  const user = (s.sponsor?.gas ? 0n : gas) + (s.sponsor?.bridge ? 0n : bridge) + (s.sponsor?.protocol ? 0n : protocol)
  const sponsored = gas + bridge + protocol - user
  return {
    gas,
    fill,
    bridge,
    protocol,
    user,
    sponsored,
    charge: fromUsd8(user, s.feeToken.decimals, m.prices[s.feeToken.extensions.group]),
  }
}

/** The elements of an intentOp as the calculator sees them (wire layer INTENT_EXECUTOR = OFT). */
export function elementsOf(op: WireIntentOp): ElementSpec[] {
  return op.elements.map((e) => {
    const ctx = e.mandate.qualifier.settlementContext
    const chainId = Number(e.chainId)
    return {
      chainId,
      funding: ctx.fundingMethod,
      layer: ctx.settlementLayer === 'INTENT_EXECUTOR' ? 'OFT' : ctx.settlementLayer,
      legs: e.idsAndAmounts.map(([id, amount]) => ({
        token: findTokenByAddress(chainId, decodeLockId(BigInt(id)).token)!,
        amount: BigInt(amount),
      })),
      delivers: e.mandate.tokenOut.length > 0,
    }
  })
}

export const sum = (pairs: readonly (readonly [string, string])[]) => pairs.reduce((s, [, a]) => s + BigInt(a), 0n)
export const elementOn = (op: WireIntentOp, chainId: number) => op.elements.find((e) => e.chainId === String(chainId))
export const ctxOf = (e: WireIntentOp['elements'][number]) => e.mandate.qualifier.settlementContext
export { zeroAddress }
