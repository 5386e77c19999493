// Seeds an account (the demo account, the filler) on one chain with its seeds. The operator does every
// transfer and deposit, so the demo account's nonce stays 0 and its ETH balance is exact.
import { type Address, type Chain, erc20Abi } from 'viem'
import { addresses } from '../core/addresses'
import { defaultLockTag } from '../core/locks/defaultLockTag'
import { findTokenBySymbol } from '../core/tokens/tokens'
import * as artifacts from './contracts/artifacts'
import { operatorAddress, type Seed } from './demoAccount'
import { type DevnetClient, devnetChain, mined } from './devnetClient'

export async function seedAccount(
  client: DevnetClient,
  chainId: number,
  account: Address,
  seeds: readonly Seed[],
): Promise<void> {
  const chain = devnetChain(chainId).viem as Chain
  const write = (
    address: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ) =>
    mined(
      client,
      client.writeContract({ address, abi, functionName, args, value, account: operatorAddress, chain } as never),
    )

  for (const seed of seeds.filter((s) => s.chainId === chainId)) {
    const token = findTokenBySymbol(chainId, seed.symbol)
    if (!token) throw new Error(`chain ${chainId} has no ${seed.symbol} token to seed`)
    if (token.extensions.native) {
      if (seed.locked)
        await write(
          addresses.theCompact,
          artifacts.resourceLocks.abi,
          'depositNative',
          [defaultLockTag, account],
          seed.amount,
        )
      else await client.setBalance({ address: account, value: seed.amount })
      continue
    }
    const recipient = seed.locked ? operatorAddress : account
    if (token.symbol === 'WETH') await write(token.address, artifacts.weth.abi, 'deposit', [], seed.amount)
    else await write(token.address, artifacts.devToken.abi, 'mint', [recipient, seed.amount])

    if (seed.locked) {
      await write(token.address, erc20Abi, 'approve', [addresses.theCompact, seed.amount])
      await write(addresses.theCompact, artifacts.resourceLocks.abi, 'depositERC20', [
        token.address,
        defaultLockTag,
        seed.amount,
        account,
      ])
    } else if (token.symbol === 'WETH') {
      await write(token.address, erc20Abi, 'transfer', [account, seed.amount])
    }
  }
}
