import { type Address, encodeAbiParameters, encodeEventTopics, erc20Abi, type Hex, type Log } from 'viem'
import { describe, expect, it } from 'vitest'
import { findTokenBySymbol } from '../../core/tokens/tokens'
import { arbiterEventsAbi, parseTxParams, txEvents, txLink, txPath, txView } from './txView'

const usdc = findTokenBySymbol(10, 'USDC')!.address
const sponsor: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const filler: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const arbiter: Address = '0xA162fabb9a0EeF2736485A587aAAB3d015e14224'
const hash = `0x${'ab'.repeat(32)}` as Hex

const log = (address: Address, topics: Hex[], data: Hex, logIndex: number): Log =>
  ({
    address,
    topics: topics as [Hex, ...Hex[]],
    data,
    logIndex,
    blockHash: hash,
    blockNumber: 7n,
    transactionHash: hash,
    transactionIndex: 0,
    removed: false,
  }) as Log

const transfer = (token: Address, from: Address, to: Address, value: bigint, i: number) =>
  log(
    token,
    encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from, to } }) as Hex[],
    encodeAbiParameters([{ type: 'uint256' }], [value]),
    i,
  )
// Filled's data: the filler, what it delivered, the fill expiry and the mandates' hashes (not indexed).
const filledData = encodeAbiParameters(
  [
    { type: 'address' },
    { type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }] },
    { type: 'uint256' },
    { type: 'bytes32[]' },
  ],
  [sponsor, [], 0n, [hash]],
)
const filled = (i: number) =>
  log(
    arbiter,
    encodeEventTopics({
      abi: arbiterEventsAbi,
      eventName: 'Filled',
      args: { sponsor, nonce: 42n, recipient: sponsor },
    }) as Hex[],
    filledData,
    i,
  )

describe('txEvents', () => {
  it('names ERC-20 transfers with symbol and exact amount, and the arbiter’s events, in log order', () => {
    const events = txEvents(10, [
      filled(1),
      transfer(usdc, filler, sponsor, 100_000000n, 0),
      log(arbiter, [`0x${'11'.repeat(32)}`], '0x', 2),
    ])
    expect(events).toEqual([
      {
        kind: 'transfer',
        logIndex: 0,
        token: usdc,
        symbol: 'USDC',
        known: true,
        amount: '100',
        from: filler,
        to: sponsor,
      },
      {
        kind: 'arbiter',
        logIndex: 1,
        name: 'Filled',
        contract: arbiter,
        sponsor,
        nonce: '42',
        counterparty: sponsor,
        counterpartyRole: 'recipient',
      },
    ])
  })
  it('names the escrow’s events with the party each one concerns', () => {
    const escrowed = log(
      arbiter,
      encodeEventTopics({
        abi: arbiterEventsAbi,
        eventName: 'Escrowed',
        args: { sponsor, nonce: 7n, filler },
      }) as Hex[],
      encodeAbiParameters([{ type: 'bytes32' }], [hash]),
      0,
    )
    const refunded = log(
      arbiter,
      encodeEventTopics({ abi: arbiterEventsAbi, eventName: 'Refunded', args: { sponsor, nonce: 7n } }) as Hex[],
      encodeAbiParameters([{ type: 'address' }], [sponsor]),
      1,
    )
    expect(txEvents(10, [escrowed, refunded])).toEqual([
      {
        kind: 'arbiter',
        logIndex: 0,
        name: 'Escrowed',
        contract: arbiter,
        sponsor,
        nonce: '7',
        counterparty: filler,
        counterpartyRole: 'filler',
      },
      {
        kind: 'arbiter',
        logIndex: 1,
        name: 'Refunded',
        contract: arbiter,
        sponsor,
        nonce: '7',
        counterparty: sponsor,
        counterpartyRole: 'caller',
      },
    ])
  })
  it('keeps an unknown token’s amount in base units', () => {
    const other: Address = '0x000000000000000000000000000000000000dEaD'
    expect(txEvents(10, [transfer(other, filler, sponsor, 1234n, 0)])[0]).toMatchObject({
      known: false,
      amount: '1234',
      symbol: '0x0000…dEaD',
    })
  })
})

describe('txView', () => {
  it('summarises status, block, gas and counts what it could not decode', () => {
    const view = txView({
      chainId: 10,
      hash,
      status: 'success',
      blockNumber: 123n,
      blockTimestamp: 1_750_000_000n,
      from: filler,
      to: arbiter,
      gasUsed: 81234n,
      effectiveGasPrice: 1_500_000_000n,
      value: 0n,
      logs: [transfer(usdc, filler, sponsor, 100_000000n, 0), log(arbiter, [`0x${'11'.repeat(32)}`], '0x', 1)],
    })
    expect(view).toMatchObject({
      statusLabel: 'success',
      block: '123',
      from: filler,
      to: arbiter,
      gasUsed: '81234',
      gasPrice: '1.5 gwei',
      otherLogs: 1,
    })
    expect(view.value).toBeUndefined()
    expect(view.time).toEqual(new Date(1_750_000_000_000))
  })
})

describe('tx links', () => {
  it('accepts a chain id and a 32-byte hash only', () => {
    expect(parseTxParams('10', hash.toUpperCase().replace('0X', '0x'))).toEqual({ chainId: 10, hash })
    expect(parseTxParams('ten', hash)).toBeUndefined()
    expect(parseTxParams('10', '0x1234')).toBeUndefined()
    expect(txPath(10, hash)).toBe(`/tx/10/${hash}`)
  })
})

describe('txLink', () => {
  const hash = `0x${'ab'.repeat(32)}`
  it("links to the chain's explorer where one is configured, else to the app's own view", () => {
    expect(txLink(1, hash, { 1: 'https://etherscan.io' })).toEqual({
      href: `https://etherscan.io/tx/${hash}`,
      external: true,
    })
    expect(txLink(8453, hash, { 1: 'https://etherscan.io' })).toEqual({ href: `/tx/8453/${hash}`, external: false })
  })
})
