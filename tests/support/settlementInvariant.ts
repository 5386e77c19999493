// The settlement invariant, from raw chain reads (node RPC, not our API), for intents settled side
// by side on one stack: the account either got exactly tokenOut and paid exactly what the route
// spends, or lost nothing (refunds included); the filler delivered once and was paid for each
// completed intent and delivered nothing for a failed one, and over all of them its holdings, its
// gas given back, moved by exactly what the completed routes pay it minus what they deliver; every
// intent final in time. Holdings are counted per chain and asset: USDC, ETH (native and WETH as one
// asset: wraps and unwraps move nothing) and the account's default-tag locks of each.
import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { arbiterAbi, arbiterRefundDelaySeconds, escrowStatus } from '../../lib/core/abi/arbiter'
import { accountEscrowParts, isAccountEscrowRoute } from '../../lib/core/intentOp/accountEscrow'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { routeDestination } from '../../lib/core/intentOp/routeDestination'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { decodeLockId, lockId } from '../../lib/core/locks/lockId'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { finalBy } from '../../lib/filler/intentMachine'
import { journalOf } from '../../lib/storage/journalStore'
import type { Sql } from '../../lib/storage/sql'
import type { devnetActions } from './devnetActions'

type Chain = ReturnType<typeof devnetActions>
/** Amounts keyed `${chainId}:${asset}`, asset one of USDC, ETH, locked:USDC, locked:ETH. */
export type Amounts = Map<string, bigint>

export const chainIds = [1, 10, 8453, 42161]
const filler = fillerAccount.address

/** The invariant's asset for a token on a chain: WETH and native ETH are both ETH. */
export function assetOf(chainId: number, token: Address): 'USDC' | 'ETH' {
  if (token === zeroAddress || isAddressEqual(token, findTokenBySymbol(chainId, 'WETH')!.address)) return 'ETH'
  if (isAddressEqual(token, findTokenBySymbol(chainId, 'USDC')!.address)) return 'USDC'
  throw new Error(`the settlement invariant does not count token ${token} on chain ${chainId}`)
}

export function add(amounts: Amounts, key: string, amount: bigint) {
  amounts.set(key, (amounts.get(key) ?? 0n) + amount)
}

/** What an owner holds on every chain, read from chain. */
export async function holdingsOf(chain: Chain, owner: Address): Promise<Amounts> {
  const reads = chainIds.flatMap((id) => {
    const usdc = chain.token(id, 'USDC').address
    return [
      chain.erc20Balance(id, 'USDC', owner).then((v) => [`${id}:USDC`, v] as const),
      Promise.all([chain.ethBalance(id, owner), chain.erc20Balance(id, 'WETH', owner)]).then(
        ([eth, weth]) => [`${id}:ETH`, eth + weth] as const,
      ),
      chain.lockedBalance(id, owner, lockId(defaultLockTag, usdc)).then((v) => [`${id}:locked:USDC`, v] as const),
      chain.lockedBalance(id, owner, lockId(defaultLockTag, zeroAddress)).then((v) => [`${id}:locked:ETH`, v] as const),
    ]
  })
  return new Map(await Promise.all(reads))
}

/** Every chain's head, for gasSince. */
export async function heads(chain: Chain): Promise<Record<number, bigint>> {
  return Object.fromEntries(
    await Promise.all(chainIds.map(async (id) => [id, await chain.client(id).getBlockNumber({ cacheTime: 0 })])),
  )
}

/** The gas `owner` paid on each chain in the blocks after `since`, as a negative ETH amount: from
 * the receipts of its transactions in those blocks. */
export async function gasSince(chain: Chain, owner: Address, since: Record<number, bigint>): Promise<Amounts> {
  const gas: Amounts = new Map()
  await Promise.all(
    chainIds.map(async (id) => {
      const client = chain.client(id)
      const head = await client.getBlockNumber({ cacheTime: 0 })
      for (let n = since[id]! + 1n; n <= head; n++) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
        for (const tx of block.transactions) {
          if (!isAddressEqual(tx.from, owner)) continue
          const receipt = await client.getTransactionReceipt({ hash: tx.hash })
          add(gas, `${id}:ETH`, -(receipt.gasUsed * receipt.effectiveGasPrice))
        }
      }
    }),
  )
  return gas
}

/** What a completed route moves: the account pays each element's idsAndAmounts (from its locks
 * for COMPACT) and receives tokenOut; the filler the reverse, the locks' underlying tokens. */
export function routeMoves(intentOp: WireIntentOp): { account: Amounts; filler: Amounts } {
  const account: Amounts = new Map()
  const fillerMoves: Amounts = new Map()
  for (const e of intentOp.elements) {
    const origin = Number(e.chainId)
    const locked = e.mandate.qualifier.settlementContext.fundingMethod === 'COMPACT'
    for (const [id, amount] of e.idsAndAmounts) {
      const asset = assetOf(origin, decodeLockId(BigInt(id)).token)
      add(account, `${origin}:${locked ? 'locked:' : ''}${asset}`, -BigInt(amount))
      add(fillerMoves, `${origin}:${asset}`, BigInt(amount))
    }
    // Where tokenOut arrives: an escrow element's own mandate names the chain its ops run on.
    const destination = routeDestination(intentOp)
    for (const [id, amount] of e.mandate.tokenOut) {
      const asset = assetOf(destination, decodeLockId(BigInt(id)).token)
      add(account, `${destination}:${asset}`, BigInt(amount))
      add(fillerMoves, `${destination}:${asset}`, -BigInt(amount))
    }
  }
  return { account, filler: fillerMoves }
}

/** One intent settled under the invariant. */
export type SettledCase = {
  /** How to name it in a failure: the case and how to run it again. */
  label: string
  intentOp: WireIntentOp
  account: Address
  /** The account's holdings when it had signed (after the route's approvals and wraps). */
  before: Amounts
  /** What the account moved itself since (transfers away, withdrawals, and the gas of each). */
  ownMoves: Amounts
  /** The intent's status once final, with every refund sent. */
  final: any
  /** The destination chain's time when the status was seen final, and when its last refund was seen sent. */
  finalAt: bigint
  refundedAt?: bigint
}

/** Checks the invariant for every case and, over all of them, the filler's holdings since
 * `fillerBefore` (read at `since`): returns every breach, each naming its case. */
export async function settlementBreaches(
  chain: Chain,
  cases: SettledCase[],
  fillerBefore: Amounts,
  since: Record<number, bigint>,
): Promise<string[]> {
  const breaches: string[] = []
  const fillerExpected: Amounts = new Map()
  for (const c of cases) {
    const breach = (what: string) => breaches.push(`${c.label}: ${what}`)
    const { intentOp, final } = c
    // Delivered and paid, but the route's calls on arrival failed: FAILED, yet the money moved as
    // for a completed intent (tokenOut stays with the account).
    const completed =
      final.status === 'COMPLETED' || /^delivered, but the destination calls failed/.test(final.failureReason ?? '')
    if (final.status !== 'COMPLETED' && final.status !== 'FAILED') breach(`not final: ${final.status}`)
    const moves = routeMoves(intentOp)
    if (completed) for (const [key, amount] of moves.filler) add(fillerExpected, key, amount)

    // The account: exactly tokenOut in and what the route spends out, or nothing at all.
    const after = await holdingsOf(chain, c.account)
    for (const key of new Set([...after.keys(), ...c.before.keys(), ...c.ownMoves.keys(), ...moves.account.keys()])) {
      const moved = (after.get(key) ?? 0n) - (c.before.get(key) ?? 0n) - (c.ownMoves.get(key) ?? 0n)
      const expected = completed ? (moves.account.get(key) ?? 0n) : 0n
      if (moved !== expected) breach(`the account's ${key} moved by ${moved}, expected ${expected} (${final.status})`)
    }
    for (const r of final.refunds ?? [])
      if (r.status !== 'COMPLETED') breach(`refund on chain ${r.chainId} is ${r.status}`)

    // The filler, from the arbiters: one fill and every element paid out, or no fill and nothing paid.
    const last = intentOp.elements.at(-1)!
    const destination = Number(last.mandate.destinationChainId)
    const sponsor = intentOp.sponsor
    const nonce = BigInt(intentOp.nonce)
    const fills = await chain.client(destination).getContractEvents({
      address: last.arbiter,
      abi: arbiterAbi,
      eventName: 'Filled',
      args: { sponsor, nonce },
      fromBlock: 0n,
    })
    if (fills.length !== (completed ? 1 : 0))
      breach(`${fills.length} fills on chain ${destination} for a ${final.status} intent`)
    // An account's own escrow (ACCOUNT_ESCROW) is checked as a Permit2 escrow; its destination element
    // draws nothing.
    const escrowOps = isAccountEscrowRoute(intentOp)
    for (const e of escrowOps ? accountEscrowParts(intentOp).escrows : intentOp.elements) {
      const origin = Number(e.chainId)
      const client = chain.client(origin)
      if (escrowOps || e.mandate.qualifier.settlementContext.fundingMethod === 'PERMIT2') {
        const [status] = await client.readContract({
          address: e.arbiter,
          abi: arbiterAbi,
          functionName: 'escrowOf',
          args: [sponsor, nonce],
        })
        const allowed: number[] = completed ? [escrowStatus.released] : [escrowStatus.none, escrowStatus.refunded]
        if (!allowed.includes(status))
          breach(`the escrow on chain ${origin} is in state ${status} for a ${final.status} intent`)
      } else {
        const claims = await client.getContractEvents({
          address: e.arbiter,
          abi: arbiterAbi,
          eventName: 'CompactClaimed',
          args: { sponsor, nonce, claimant: filler },
          fromBlock: 0n,
        })
        if (claims.length !== (completed ? 1 : 0))
          breach(`${claims.length} claims on chain ${origin} for a ${final.status} intent`)
      }
    }

    // In time: final (and refunded) before the filler's own deadline for it.
    const by = finalBy({
      funding: escrowOps
        ? 'PERMIT2'
        : (intentOp.elements[0]!.mandate.qualifier.settlementContext.fundingMethod as 'PERMIT2' | 'COMPACT'),
      fillDeadline: BigInt(last.mandate.fillDeadline),
      expires: BigInt(intentOp.expires),
      refundDelay: arbiterRefundDelaySeconds,
    })
    if (c.finalAt > by) breach(`final at chain time ${c.finalAt}, after its deadline ${by}`)
    if (c.refundedAt !== undefined && c.refundedAt > by)
      breach(`refunded at chain time ${c.refundedAt}, after its deadline ${by}`)
  }

  // Over every case: the filler's holdings, its gas given back, moved by exactly what the completed
  // routes pay it net of what they deliver.
  const fillerAfter = await holdingsOf(chain, filler)
  const gas = await gasSince(chain, filler, since)
  for (const key of new Set([...fillerAfter.keys(), ...fillerExpected.keys()])) {
    const moved = (fillerAfter.get(key) ?? 0n) - (fillerBefore.get(key) ?? 0n) - (gas.get(key) ?? 0n)
    const expected = fillerExpected.get(key) ?? 0n
    if (moved !== expected)
      breaches.push(`the filler's ${key} moved by ${moved} net of gas over all cases, expected ${expected}`)
  }
  return breaches
}

/** Whether every transaction the intent journaled is mined and succeeded. */
export async function journalOnChain(chain: Chain, sql: Pick<Sql, 'query'>, id: string): Promise<boolean> {
  for (const e of await journalOf(sql, id)) {
    const receipt = await chain
      .client(e.chainId)
      .getTransactionReceipt({ hash: e.hash })
      .catch(() => undefined)
    if (receipt?.status !== 'success') return false
  }
  return true
}
