// The checks before the filler sends anything for an intent: its nonce unused by anyone else, the
// sponsor's locks able to pay (fill first fronts the filler's inventory), and every first
// transaction simulated. Each returns why the intent cannot settle, or undefined; each asks the
// chains all at once and answers the first reason in the order the checks are listed.
import { type Address, erc20Abi, zeroAddress } from 'viem'
import { lockContractAbi, resetPeriodSeconds } from '../core/abi/theCompact'
import { addresses } from '../core/addresses'
import { read, revertReason } from './sendStep'
import type { SettleContext } from './settleContext'
import { lockNeeds, type SettlementPlan } from './settlementCalls'

/** The first of these (in their order) that is not undefined; all are asked at once. */
export async function firstOf(checks: Promise<string | undefined>[]): Promise<string | undefined> {
  return (await Promise.all(checks)).find((r) => r !== undefined)
}

export async function nonceUsedBySomeoneElse(c: SettleContext): Promise<string | undefined> {
  return firstOf(
    c.plan.elements.map(async (e) =>
      (await read(c.chainOf(e.chainId), e.nonceUsed))
        ? `the nonce ${c.id} was already used on chain ${e.chainId} (not by this filler's settlement); nothing was sent`
        : undefined,
    ),
  )
}

/** Every escrow and the fill simulated before anything is sent: the first that would revert. */
export async function firstRevert(
  c: SettleContext,
  calls: { what: string; call: SettlementPlan['fill']['call'] }[],
): Promise<string | undefined> {
  return firstOf(
    [...calls, { what: 'the fill', call: c.plan.fill.call }].map(async (s) => {
      const reason = await revertReason(c.chainOf(s.call.chainId), s.call)
      return reason ? `${s.what} on chain ${s.call.chainId} would revert (${reason}); nothing was sent` : undefined
    }),
  )
}

/** COMPACT: before the filler fronts the fill, the sponsor must not be able to escape: every lock
 * balance covers the route, no forced withdrawal could become available before the claim window
 * ends, and no lock's reset period is shorter than that window. */
export async function lockShortfall(c: SettleContext): Promise<string | undefined> {
  const expires = BigInt(c.intent.expires)
  const window = expires - (await c.now())
  return firstOf(
    lockNeeds(c.plan).map(async (need) => {
      const client = c.chainOf(need.chainId).client
      const [balance, [status, at]] = await Promise.all([
        client.readContract({
          address: addresses.theCompact,
          abi: lockContractAbi,
          functionName: 'balanceOf',
          args: [c.intent.sponsor, need.id],
        }),
        client.readContract({
          address: addresses.theCompact,
          abi: lockContractAbi,
          functionName: 'getForcedWithdrawalStatus',
          args: [c.intent.sponsor, need.id],
        }),
      ])
      if (balance < need.amount)
        return (
          `the sponsor's lock ${need.id} on chain ${need.chainId} holds ${balance}, ` +
          `less than the ${need.amount} this route claims; nothing was sent`
        )
      // Three bits index The Compact's eight reset periods: every index has one.
      const resetPeriod = Number((need.id >> 252n) & 7n)
      const period = resetPeriodSeconds[resetPeriod]
      if (period === undefined) throw new Error(`lock ${need.id} names reset period ${resetPeriod}, which is not known`)
      if (period <= window)
        return (
          `the lock ${need.id} on chain ${need.chainId} resets in ${period} s, ` +
          `sooner than the route's claim window (${window} s); nothing was sent`
        )
      if (status !== 0 && at <= expires)
        return (
          `the sponsor enabled a forced withdrawal of lock ${need.id} on chain ${need.chainId}, available at ${at}, ` +
          'before the claim window ends; nothing was sent'
        )
      return undefined
    }),
  )
}

/** ACCOUNT_ESCROW: before the filler deploys the account or relays anything, the account holds what
 * each escrow element takes (else the deployment would be paid for nothing). */
export async function escrowShortfall(
  c: SettleContext,
  escrows: { chainId: number; tokens: { token: Address; amount: bigint }[] }[],
): Promise<string | undefined> {
  return firstOf(
    escrows.flatMap((e) =>
      e.tokens.map(async (t) => {
        const client = c.chainOf(e.chainId).client
        const held =
          t.token === zeroAddress
            ? await client.getBalance({ address: c.intent.sponsor })
            : await client.readContract({
                address: t.token,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [c.intent.sponsor],
              })
        return held < t.amount
          ? `the account holds ${held} of ${t.token} on chain ${e.chainId}, less than the ${t.amount} its escrow ` +
              'takes; nothing was sent'
          : undefined
      }),
    ),
  )
}
