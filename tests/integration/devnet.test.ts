// The embedded devnet: real chain ids, code at the real addresses, the demo account as documented,
// clear failure on a taken port, and no node left behind.
import { createServer } from 'node:net'
import { encodeFunctionData, erc20Abi, formatUnits, parseAbi, zeroAddress } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { signature } from '../../lib/core/abi/signature'
import { addresses, oftAdapters, priceFeeds } from '../../lib/core/addresses'
import { chains } from '../../lib/core/chains/chains'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { tokensOnChain } from '../../lib/core/tokens/tokens'
import { freePort, startAnvil } from '../../lib/devnet/anvil'
import { demoSeeds } from '../../lib/devnet/demoAccount'
import { mined } from '../../lib/devnet/devnetClient'
import { devnetActions } from '../support/devnetActions'

const chain = devnetActions(inject('rpcUrls'))
const demo = inject('demoAddress')

describe('devnet chains', () => {
  it.each(chains.map((c) => c.id))('chain %i answers with its real chain id and has Multicall3', async (id) => {
    const client = chain.client(id)
    expect(await client.getChainId()).toBe(id)
    expect((await client.getCode({ address: addresses.multicall3 }))?.length).toBeGreaterThan(100)
    const block = await client.readContract({
      address: addresses.multicall3,
      abi: parseAbi(['function getBlockNumber() view returns (uint256)']),
      functionName: 'getBlockNumber',
    })
    expect(block).toBe(await client.getBlockNumber())
  })

  it('supports EIP-7702 (prague): a set-code transaction lands a delegation', async () => {
    const client = chain.client(8453)
    const owner = chain.freshAccount()
    await chain.setEth(8453, owner.address, 10n ** 18n)
    const authorization = await client.signAuthorization({
      account: owner,
      contractAddress: addresses.multicall3,
      executor: 'self',
    })
    // The delegated code runs in the account's context: a view of the delegate answers.
    await chain.send(8453, {
      account: owner,
      chain: client.chain,
      to: owner.address,
      authorizationList: [authorization],
      data: encodeFunctionData({
        abi: parseAbi(['function getBlockNumber() view returns (uint256)']),
        functionName: 'getBlockNumber',
      }),
    })
    expect(await client.getCode({ address: owner.address })).toBe(
      `0xef0100${addresses.multicall3.slice(2).toLowerCase()}`,
    )
  })

  it.each(chains.flatMap((c) => tokensOnChain(c.id).filter((t) => !t.extensions.native)))(
    'chain $chainId: $symbol at $address has the real metadata',
    async (token) => {
      const client = chain.client(token.chainId)
      const read = (functionName: 'name' | 'symbol' | 'decimals') =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName })
      expect(await read('symbol')).toBe(token.symbol)
      expect(await read('name')).toBe(token.name)
      expect(await read('decimals')).toBe(token.decimals)
    },
  )

  it('WETH wraps and unwraps', async () => {
    const owner = chain.freshAccount()
    await chain.setEth(1, owner.address, 10n ** 18n)
    const weth = chain.token(1, 'WETH').address
    const client = chain.client(1)
    await chain.send(1, { account: owner, chain: client.chain, to: weth, value: 4n * 10n ** 17n })
    expect(await chain.erc20Balance(1, 'WETH', owner.address)).toBe(4n * 10n ** 17n)
    await mined(
      client,
      client.writeContract({
        account: owner,
        chain: client.chain,
        address: weth,
        abi: parseAbi(['function withdraw(uint256)']),
        functionName: 'withdraw',
        args: [10n ** 17n],
      }),
    )
    expect(await chain.erc20Balance(1, 'WETH', owner.address)).toBe(3n * 10n ** 17n)
  })

  it('price feeds answer latestRoundData with 8 decimals on chain 1', async () => {
    const abi = parseAbi([
      'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
      'function decimals() view returns (uint8)',
    ])
    const client = chain.client(1)
    for (const feed of Object.values(priceFeeds.feeds)) {
      const [, answer, , updatedAt] = await client.readContract({ address: feed, abi, functionName: 'latestRoundData' })
      expect(answer).toBeGreaterThan(0n)
      expect(updatedAt).toBeGreaterThan(0n)
      expect(await client.readContract({ address: feed, abi, functionName: 'decimals' })).toBe(8)
    }
  })

  it('the GasPriceOracle predeploy exists on the OP-stack chains only', async () => {
    const abi = parseAbi([
      'function l1BaseFee() view returns (uint256)',
      'function baseFeeScalar() view returns (uint32)',
      'function blobBaseFeeScalar() view returns (uint32)',
      'function getL1Fee(bytes) view returns (uint256)',
    ])
    for (const id of [10, 8453]) {
      const client = chain.client(id)
      expect(
        await client.readContract({ address: addresses.gasPriceOracle, abi, functionName: 'l1BaseFee' }),
      ).toBeGreaterThan(0n)
      expect(
        await client.readContract({
          address: addresses.gasPriceOracle,
          abi,
          functionName: 'getL1Fee',
          args: ['0x1234'],
        }),
      ).toBeGreaterThan(0n)
    }
    for (const id of [1, 42161])
      expect(await chain.client(id).getCode({ address: addresses.gasPriceOracle })).toBeUndefined()
  })

  it('OFT adapters quote a native fee and the amount received', async () => {
    const abi = parseAbi([
      signature(
        'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; ',
        'bytes composeMsg; bytes oftCmd; }',
      ),
      'function quoteSend(SendParam p, bool payInLzToken) view returns ((uint256 nativeFee, uint256 lzTokenFee))',
      'function token() view returns (address)',
    ])
    for (const [id, { adapter }] of Object.entries(oftAdapters)) {
      const client = chain.client(Number(id))
      const p = {
        dstEid: 30110,
        to: `0x${'00'.repeat(32)}` as const,
        amountLD: 10n ** 6n,
        minAmountLD: 0n,
        extraOptions: '0x' as const,
        composeMsg: '0x' as const,
        oftCmd: '0x' as const,
      }
      const fee = await client.readContract({ address: adapter, abi, functionName: 'quoteSend', args: [p, false] })
      expect(fee.nativeFee).toBeGreaterThan(0n)
      const underlying = await client.readContract({ address: adapter, abi, functionName: 'token' })
      expect(underlying).toBe(chain.token(Number(id), id === '1' ? 'USDT' : 'USDT0').address)
    }
  })
})

describe('the demo account', () => {
  it.each(demoSeeds)('holds $amount $symbol on chain $chainId (locked: $locked)', async (seed) => {
    const token = chain.token(seed.chainId, seed.symbol)
    const unlocked = token.extensions.native
      ? await chain.ethBalance(seed.chainId, demo)
      : await chain.erc20Balance(seed.chainId, seed.symbol, demo)
    const locked = await chain.lockedBalance(seed.chainId, demo, lockId(defaultLockTag, token.address))
    expect({ locked, unlocked }).toEqual(
      seed.locked ? { locked: seed.amount, unlocked: 0n } : { locked: 0n, unlocked: seed.amount },
    )
    expect(Number(formatUnits(seed.amount, seed.decimals))).toBeGreaterThan(0)
  })

  it('has sent no transaction (nonce 0 everywhere)', async () => {
    for (const c of chains) expect(await chain.client(c.id).getTransactionCount({ address: demo })).toBe(0)
    expect(zeroAddress).not.toBe(demo)
  })
})

describe('anvil process management', () => {
  it('fails fast with a clear message when the port is taken', async () => {
    const port = await freePort()
    const holder = createServer()
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', () => r()))
    try {
      const started = Date.now()
      await expect(startAnvil({ chainId: 1, port })).rejects.toThrow(`Port ${port} is already in use`)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      holder.close()
    }
  })

  it('stop() ends the node: its port answers no more', async () => {
    const node = await startAnvil({ chainId: 10, port: await freePort() })
    const rpc = () =>
      fetch(node.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      })
    expect((await (await rpc()).json()).result).toBe('0xa')
    await node.stop()
    await expect(rpc()).rejects.toThrow()
  })
})
