// The demo account's USDC on Base and Arbitrum One, its Permit2 allowance on Base and its ETH on
// both, read and put back: a spec that moves USDC from Base to Arbitrum One leaves the seeded state
// as it found it for the suites after it.
import { erc20Abi } from 'viem'
import { addresses } from '../../../lib/core/addresses'
import { findTokenBySymbol } from '../../../lib/core/tokens/tokens'
import * as artifacts from '../../../lib/devnet/contracts/artifacts'
import { operatorAddress } from '../../../lib/devnet/demoAccount'
import { mined } from '../../../lib/devnet/devnetClient'
import { devnetClient } from './devnet'
import { expect } from './fixtures'
import { demoAddress } from './portfolioPage'

export const base = 8453
export const arbitrum = 42161
export const baseUsdc = findTokenBySymbol(base, 'USDC')!.address
export const arbUsdc = findTokenBySymbol(arbitrum, 'USDC')!.address

export type Snapshot = { base: bigint; arb: bigint; allowance: bigint; baseEth: bigint; arbEth: bigint }

export async function snapshot(): Promise<Snapshot> {
  const b = devnetClient(base)
  const a = devnetClient(arbitrum)
  const [baseBalance, arbBalance, allowance, baseEth, arbEth] = await Promise.all([
    b.readContract({ address: baseUsdc, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress] }),
    a.readContract({ address: arbUsdc, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress] }),
    b.readContract({
      address: baseUsdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [demoAddress, addresses.permit2],
    }),
    b.getBalance({ address: demoAddress }),
    a.getBalance({ address: demoAddress }),
  ])
  return { base: baseBalance, arb: arbBalance, allowance, baseEth, arbEth }
}

export async function setAllowance(value: bigint): Promise<void> {
  const b = devnetClient(base)
  await mined(
    b,
    b.writeContract({
      address: baseUsdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [addresses.permit2, value],
      account: demoAddress,
      chain: b.chain,
    }),
  )
}

/** Mints back on Base what the route drew and sends away on Arbitrum One what it delivered. */
export async function restore(to: Snapshot): Promise<void> {
  const b = devnetClient(base)
  const a = devnetClient(arbitrum)
  const now = await snapshot()
  if (now.base < to.base)
    await mined(
      b,
      b.writeContract({
        address: baseUsdc,
        abi: artifacts.devToken.abi,
        functionName: 'mint',
        args: [demoAddress, to.base - now.base],
        account: operatorAddress,
        chain: b.chain,
      }),
    )
  if (now.arb > to.arb)
    await mined(
      a,
      a.writeContract({
        address: arbUsdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [operatorAddress, now.arb - to.arb],
        account: demoAddress,
        chain: a.chain,
      }),
    )
  await setAllowance(to.allowance)
  await b.setBalance({ address: demoAddress, value: to.baseEth })
  await a.setBalance({ address: demoAddress, value: to.arbEth })
  expect(await snapshot()).toEqual(to)
}
