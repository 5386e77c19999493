// The demo account's USDC everywhere a route may draw it or deliver it — unlocked on each chain, the
// lock on OP Mainnet, the Permit2 allowances — and its ETH, read and put back: a journey that lets the
// planner choose its sources leaves the seeded state as it found it for the suites after it.
import { type Address, erc20Abi } from 'viem'
import { addresses } from '../../../lib/core/addresses'
import { defaultLockTag } from '../../../lib/core/locks/defaultLockTag'
import { lockId } from '../../../lib/core/locks/lockId'
import { findTokenBySymbol } from '../../../lib/core/tokens/tokens'
import * as artifacts from '../../../lib/devnet/contracts/artifacts'
import { operatorAddress } from '../../../lib/devnet/demoAccount'
import { mined } from '../../../lib/devnet/devnetClient'
import { devnetChain, devnetClient } from './devnet'
import { expect } from './fixtures'
import { demoAddress } from './portfolioPage'

const usdcChains = [1, 10, 8453, 42161] as const
const allowanceChains = [8453, 42161] as const
const usdcOn = (chainId: number) => findTokenBySymbol(chainId, 'USDC')!.address as Address

export type UsdcState = { usdc: bigint[]; opLock: bigint; allowances: bigint[]; eth: bigint[] }

export async function usdcState(): Promise<UsdcState> {
  const balance = (chainId: number) =>
    devnetClient(chainId).readContract({
      address: usdcOn(chainId),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [demoAddress],
    })
  const allowance = (chainId: number) =>
    devnetClient(chainId).readContract({
      address: usdcOn(chainId),
      abi: erc20Abi,
      functionName: 'allowance',
      args: [demoAddress, addresses.permit2],
    })
  const lock = devnetClient(10).readContract({
    address: addresses.theCompact,
    abi: artifacts.resourceLocks.abi,
    functionName: 'balanceOf',
    args: [demoAddress, lockId(defaultLockTag, usdcOn(10))],
  })
  const [usdc, opLock, allowances, eth] = await Promise.all([
    Promise.all(usdcChains.map(balance)),
    lock,
    Promise.all(allowanceChains.map(allowance)),
    Promise.all(usdcChains.map((id) => devnetClient(id).getBalance({ address: demoAddress }))),
  ])
  return { usdc, opLock, allowances, eth }
}

export async function setAllowances(value: bigint): Promise<void> {
  for (const chainId of allowanceChains) {
    const c = devnetClient(chainId)
    await mined(
      c,
      c.writeContract({
        address: usdcOn(chainId),
        abi: erc20Abi,
        functionName: 'approve',
        args: [addresses.permit2, value],
        account: demoAddress,
        chain: c.chain,
      }),
    )
  }
}

/** Mints back what a route drew, sends away what it delivered, locks back what it took from the lock. */
export async function restoreUsdc(to: UsdcState): Promise<void> {
  const now = await usdcState()
  for (const [i, chainId] of usdcChains.entries()) {
    const c = devnetClient(chainId)
    const [have, want] = [now.usdc[i]!, to.usdc[i]!]
    const token = usdcOn(chainId)
    if (have < want)
      await mined(
        c,
        c.writeContract({
          address: token,
          abi: artifacts.devToken.abi,
          functionName: 'mint',
          args: [demoAddress, want - have],
          account: operatorAddress,
          chain: c.chain,
        }),
      )
    if (have > want)
      await mined(
        c,
        c.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [operatorAddress, have - want],
          account: demoAddress,
          chain: c.chain,
        }),
      )
  }
  if (now.opLock < to.opLock) await devnetChain().lockUsdcFor(10, demoAddress, to.opLock - now.opLock)
  for (const [i, chainId] of allowanceChains.entries()) {
    const c = devnetClient(chainId)
    await mined(
      c,
      c.writeContract({
        address: usdcOn(chainId),
        abi: erc20Abi,
        functionName: 'approve',
        args: [addresses.permit2, to.allowances[i]!],
        account: demoAddress,
        chain: c.chain,
      }),
    )
  }
  for (const [i, chainId] of usdcChains.entries())
    await devnetClient(chainId).setBalance({ address: demoAddress, value: to.eth[i]! })
  expect(await usdcState()).toEqual(to)
}
