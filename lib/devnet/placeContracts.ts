// Places the devnet's contract code at the real addresses of one chain and initialises it.
import { type Address, type Chain, type Hex } from 'viem'
import { addresses, oftAdapters, priceFeeds } from '../core/addresses'
import { getChain } from '../core/chains/chains'
import { findTokenBySymbol, tokensOnChain } from '../core/tokens/tokens'
import * as artifacts from './contracts/artifacts'
import { mined, type DevnetClient } from './devnetClient'
import { operatorAddress } from './demoAccount'
import { devnetL1FeeParams, devnetOftFee, devnetPrices } from './market'

export async function placeContracts(client: DevnetClient, chainId: number): Promise<void> {
  const chain = getChain(chainId)!.viem as Chain
  const write = async (address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) => {
    // The operator is an unlocked anvil account; automine mines each write before it returns.
    await mined(client, client.writeContract({ address, abi, functionName, args, account: operatorAddress, chain } as never))
  }
  const place = (address: Address, runtime: Hex) => client.setCode({ address, bytecode: runtime })

  await place(addresses.multicall3, artifacts.multicall3.runtime)
  await place(addresses.theCompact, artifacts.resourceLocks.runtime)

  for (const token of tokensOnChain(chainId)) {
    if (token.extensions.native) continue
    if (token.symbol === 'WETH') {
      await place(token.address, artifacts.weth.runtime)
      await write(token.address, artifacts.weth.abi, 'initialize')
    } else {
      await place(token.address, artifacts.devToken.runtime)
      await write(token.address, artifacts.devToken.abi, 'initialize', [token.name, token.symbol, token.decimals, operatorAddress])
    }
  }

  if (chainId === priceFeeds.chainId) {
    for (const [symbol, feed] of Object.entries(priceFeeds.feeds)) {
      const { description, answer } = devnetPrices[symbol as keyof typeof devnetPrices]
      await place(feed, artifacts.priceFeed.runtime)
      await write(feed, artifacts.priceFeed.abi, 'initialize', [description, answer, operatorAddress])
    }
  }

  if (getChain(chainId)!.stack === 'op-stack') {
    const p = devnetL1FeeParams
    await place(addresses.gasPriceOracle, artifacts.gasPriceOracle.runtime)
    await write(addresses.gasPriceOracle, artifacts.gasPriceOracle.abi, 'initialize', [operatorAddress])
    await write(addresses.gasPriceOracle, artifacts.gasPriceOracle.abi, 'setL1FeeParams', [
      p.l1BaseFee,
      p.blobBaseFee,
      p.baseFeeScalar,
      p.blobBaseFeeScalar,
    ])
  }

  const oft = oftAdapters[chainId as keyof typeof oftAdapters]
  if (oft) {
    const token = findTokenBySymbol(chainId, chainId === 1 ? 'USDT' : 'USDT0')!
    await place(oft.adapter, artifacts.oftAdapter.runtime)
    await write(oft.adapter, artifacts.oftAdapter.abi, 'initialize', [
      token.address,
      chainId === 1, // on Ethereum the adapter locks USDT, so it needs an approval
      devnetOftFee.nativeFee,
      devnetOftFee.feeBps,
      operatorAddress,
    ])
  }
}
