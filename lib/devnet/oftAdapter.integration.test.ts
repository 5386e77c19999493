// The devnet's USDT0 OFT adapters and the relay standing in for LayerZero: a send takes the tokens
// and the native fee and emits the packet; only the relay delivers, once per packet, whoever asks.
import { type Chain, createPublicClient, http, type PublicClient, pad, parseEventLogs, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { oftRelayAbi, type RelayChain, relayOftPackets } from '../attester/relayOft'
import { oftAbi } from '../core/abi/oft'
import { oftAdapters } from '../core/addresses'
import { getChain } from '../core/chains/chains'
import { demoAccount, oftRelayAccount } from './demoAccount'
import { devnetOftFee } from './market'
import { clients, erc20Balance, send, simulate, startedDevnet, stranger, token, withDevnet } from './settlementHarness'

withDevnet()

// The adapter's LayerZero OFT interface and the relay's side of it, each as the code declares it.
const adapterAbi = [...oftAbi, ...oftRelayAbi] as const

function relayChains(): Map<number, RelayChain> {
  const rpcUrls = startedDevnet().rpcUrls
  return new Map(
    Object.keys(oftAdapters).map((id) => {
      const chainId = Number(id)
      const chain = getChain(chainId)?.viem as Chain
      const client = createPublicClient({ chain, transport: http(rpcUrls[chainId]) }) as PublicClient
      return [chainId, { chainId, chain, client, rpcUrl: rpcUrls[chainId] ?? '' }]
    }),
  )
}

describe('USDT0 over the devnet OFT adapters', () => {
  it('a send is delivered by the relay exactly once, to the recipient, and nobody else can deliver', async () => {
    const recipient = privateKeyToAccount(pad('0xbeef')).address
    const amount = parseUnits('12', 6)
    const source = oftAdapters[10].adapter
    const destination = oftAdapters[42161].adapter
    const usdt0 = token(10, 'USDT0')
    const relayBefore = await clients[10]!.getBalance({ address: oftRelayAccount.address })
    const heldBefore = await erc20Balance(10, usdt0, demoAccount.address)

    const param = {
      dstEid: oftAdapters[42161].eid,
      to: pad(recipient),
      amountLD: amount,
      minAmountLD: amount,
      extraOptions: '0x',
      composeMsg: '0x',
      oftCmd: '0x',
    } as const
    const fee = { nativeFee: devnetOftFee.nativeFee, lzTokenFee: 0n }
    // Less than LayerZero's quoted fee is refused.
    await expect(
      simulate(
        10,
        demoAccount.address,
        source,
        adapterAbi,
        'send',
        [param, fee, demoAccount.address],
        fee.nativeFee - 1n,
      ),
    ).rejects.toThrow(/native fee too low/)
    const receipt = await send(
      10,
      demoAccount,
      source,
      adapterAbi,
      'send',
      [param, fee, demoAccount.address],
      fee.nativeFee,
    )
    const [sent] = parseEventLogs({ abi: adapterAbi, logs: receipt.logs, eventName: 'OFTSent' })
    expect(sent?.args).toMatchObject({ dstEid: oftAdapters[42161].eid, amountSentLD: amount, amountReceivedLD: amount })
    const guid = sent?.args.guid ?? '0x'
    // The tokens left the sender (burnt: USDT0 is minted where it arrives); the relay holds LayerZero's fee.
    expect(heldBefore - (await erc20Balance(10, usdt0, demoAccount.address))).toBe(amount)
    expect((await clients[10]!.getBalance({ address: oftRelayAccount.address })) - relayBefore).toBe(fee.nativeFee)

    // Nobody but the relay delivers, not even the recipient.
    const srcEid = oftAdapters[10].eid
    for (const who of [stranger.address, recipient, demoAccount.address]) {
      await expect(
        simulate(42161, who, destination, adapterAbi, 'lzReceive', [srcEid, guid, pad(recipient), amount]),
      ).rejects.toThrow(/only the relay/)
    }

    // The relay delivers it; run again (a restart reading the same blocks), it credits nothing twice.
    const chains = relayChains()
    const log = () => undefined
    await relayOftPackets({ chains, account: oftRelayAccount, cursors: new Map(), log })
    await relayOftPackets({ chains, account: oftRelayAccount, cursors: new Map(), log })
    expect(await erc20Balance(42161, token(42161, 'USDT0'), recipient)).toBe(amount)
    const delivered = await clients[42161]!.readContract({
      address: destination,
      abi: adapterAbi,
      functionName: 'delivered',
      args: [srcEid, guid],
    })
    expect(delivered).toBe(true)
    await expect(
      simulate(42161, oftRelayAccount.address, destination, adapterAbi, 'lzReceive', [
        srcEid,
        guid,
        pad(recipient),
        amount,
      ]),
    ).rejects.toThrow(/already delivered/)
  })
})
