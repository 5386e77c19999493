// Places the devnet's contract code at the real addresses of one chain and initialises it.
import { type Address, type Chain, concatHex, getContractAddress, type Hex, isAddressEqual, parseEther } from 'viem'
import { addresses, oftAdapters, priceFeeds } from '../core/addresses'
import { defaultAllocator } from '../core/locks/defaultLockTag'
import { allocatorId } from '../core/locks/lockId'
import { arbiterAddresses } from '../core/route/settlementLayers'
import { findTokenBySymbol, tokensOnChain } from '../core/tokens/tokens'
import * as artifacts from './contracts/artifacts'
import { create2Deployer, permit2CreationCode, permit2Salt } from './contracts/permit2'
import { attesterAccount, fillerAccounts, oftRelayAccount, operatorAddress } from './demoAccount'
import { type DevnetClient, devnetChain, mined } from './devnetClient'
import { devnetL1FeeParams, devnetOftFee, devnetPrices } from './market'
import { placeAccountContracts } from './placeAccounts'

export async function placeContracts(client: DevnetClient, chainId: number): Promise<void> {
  const chain = devnetChain(chainId).viem as Chain
  const write = async (
    address: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[] = [],
  ) => {
    // The operator is an unlocked anvil account; automine mines each write before it returns.
    await mined(
      client,
      client.writeContract({ address, abi, functionName, args, account: operatorAddress, chain } as never),
    )
  }
  const place = (address: Address, runtime: Hex) => client.setCode({ address, bytecode: runtime })

  await place(addresses.multicall3, artifacts.multicall3.runtime)
  await place(addresses.theCompact, artifacts.resourceLocks.runtime)
  await deployPermit2(client, chain)
  await placeAccountContracts(client, chainId)

  // The default allocator (keeps every allocated intent's locks funded), registered under its allocatorId.
  await place(defaultAllocator, artifacts.allocator.runtime)
  await write(addresses.theCompact, artifacts.resourceLocks.abi, '__registerAllocator', [defaultAllocator, '0x'])
  const registered = await client.readContract({
    address: addresses.theCompact,
    abi: artifacts.resourceLocks.abi,
    functionName: 'allocators',
    args: [allocatorId(defaultAllocator)],
  })
  if (!isAddressEqual(registered, defaultAllocator)) {
    throw new Error(
      `chain ${chainId}: allocator id ${allocatorId(defaultAllocator)} holds ${registered}, not ${defaultAllocator}`,
    )
  }

  // Every settlement layer's arbiter: the devnet fillers fill, the devnet attester's word proves it.
  const fillers = fillerAccounts.map((a) => a.address)
  for (const arbiter of arbiterAddresses) {
    await place(arbiter, artifacts.arbiter.runtime)
    await write(arbiter, artifacts.arbiter.abi, 'initialize', [fillers, attesterAccount.address])
  }

  for (const token of tokensOnChain(chainId)) {
    if (token.extensions.native) continue
    if (token.symbol === 'WETH') {
      await place(token.address, artifacts.weth.runtime)
      await write(token.address, artifacts.weth.abi, 'initialize')
    } else {
      await place(token.address, artifacts.devToken.runtime)
      await write(token.address, artifacts.devToken.abi, 'initialize', [
        token.name,
        token.symbol,
        token.decimals,
        operatorAddress,
      ])
    }
  }

  if (chainId === priceFeeds.chainId) {
    for (const [symbol, feed] of Object.entries(priceFeeds.feeds)) {
      const { description, answer } = devnetPrices[symbol as keyof typeof devnetPrices]
      await place(feed, artifacts.priceFeed.runtime)
      await write(feed, artifacts.priceFeed.abi, 'initialize', [description, answer, operatorAddress])
    }
  }

  if (devnetChain(chainId).stack === 'op-stack') {
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
    const symbol = chainId === 1 ? 'USDT' : 'USDT0'
    const token = findTokenBySymbol(chainId, symbol)
    if (!token) throw new Error(`chain ${chainId} has an OFT adapter but no ${symbol} token`)
    await place(oft.adapter, artifacts.oftAdapter.runtime)
    await write(oft.adapter, artifacts.oftAdapter.abi, 'initialize', [
      token.address,
      chainId === 1, // on Ethereum the adapter locks USDT, so it needs an approval
      devnetOftFee.nativeFee,
      devnetOftFee.feeBps,
      operatorAddress,
    ])
    // The relay standing in for LayerZero delivers its packets; the token lets it burn and mint.
    await write(oft.adapter, artifacts.oftAdapter.abi, 'setRelay', [oftRelayAccount.address, oft.eid])
    await write(token.address, artifacts.devToken.abi, 'setBridge', [oft.adapter])
    // Gas for its deliveries (it earns LayerZero's native fee of each packet it is sent).
    await client.setBalance({ address: oftRelayAccount.address, value: parseEther('10') })
  }
}

/**
 * Deploys Uniswap's real Permit2 from its published creation code through the deterministic
 * CREATE2 deployer, so it lands at its canonical address with its real per-chain domain separator.
 */
async function deployPermit2(client: DevnetClient, chain: Chain): Promise<void> {
  const expected = getContractAddress({
    opcode: 'CREATE2',
    from: create2Deployer,
    salt: permit2Salt,
    bytecode: permit2CreationCode,
  })
  if (!isAddressEqual(expected, addresses.permit2))
    throw new Error(`Permit2 would land at ${expected}, not ${addresses.permit2}`)
  if ((await client.getCode({ address: create2Deployer })) === undefined) {
    throw new Error(`chain ${chain.id}: no CREATE2 deployer at ${create2Deployer}`)
  }
  await mined(
    client,
    client.sendTransaction({
      to: create2Deployer,
      data: concatHex([permit2Salt, permit2CreationCode]),
      account: operatorAddress,
      chain,
    } as never),
  )
  const code = await client.getCode({ address: addresses.permit2 })
  if (code === undefined || code === '0x')
    throw new Error(`chain ${chain.id}: Permit2 did not land at ${addresses.permit2}`)
}
