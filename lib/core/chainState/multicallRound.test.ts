import { encodeFunctionData, encodeFunctionResult, type Hex, numberToHex, type PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { multicall3Abi } from '../abi/multicall3'
import { ChainUnavailableError } from '../errors'
import { type ChainReader, createRound, runRound, wordCall } from './multicallRound'

const word = (n: bigint) => numberToHex(n, { size: 32 })
const answer = (values: bigint[]) =>
  encodeFunctionResult({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    result: values.map((v) => ({ success: true, returnData: word(v) })),
  })

/** A chain that answers each eth_call with what `respond` gives, recording the calldata it got. */
function fakeReader(respond: (call: number) => Hex) {
  const sent: Hex[] = []
  const client = {
    call: async ({ data }: { data: Hex }) => {
      sent.push(data)
      return { data: respond(sent.length) }
    },
    getBlockNumber: async () => 1n,
  } as unknown as PublicClient
  return { reader: { chainId: 10, client } satisfies ChainReader, sent }
}

const target = '0x0000000000000000000000000000000000000001'

describe('runRound', () => {
  it('reads each call by its slot, afresh on every run of a kept round, sending the same calldata', async () => {
    const { reader, sent } = fakeReader((n) => answer([BigInt(n), BigInt(n * 10)]))
    const round = createRound()
    const a = round.add(wordCall(target, '0x01', 'a'))
    const b = round.add(wordCall(target, '0x02', 'b'))
    const first = await runRound(reader, round)
    const second = await runRound(reader, round)
    expect([first.read(a), first.read(b)]).toEqual([1n, 10n])
    expect([second.read(a), second.read(b)]).toEqual([2n, 20n])
    expect(sent[1]).toBe(sent[0])
  })

  it('encodes a round again when calls were added after it ran', async () => {
    const { reader, sent } = fakeReader((n) => answer(n === 1 ? [1n] : [1n, 2n]))
    const round = createRound()
    round.add(wordCall(target, '0x01', 'a'))
    await runRound(reader, round)
    const b = round.add(wordCall(target, '0x02', 'b'))
    expect((await runRound(reader, round)).read(b)).toBe(2n)
    expect(sent[1]).not.toBe(sent[0])
  })

  it('sends a round built afresh with the same calls the same calldata, and any other round its own', async () => {
    const { reader, sent } = fakeReader(() => answer([1n, 2n]))
    const build = (second: Hex, to: `0x${string}` = target) => {
      const round = createRound()
      round.add(wordCall(target, '0x01', 'a'))
      round.add(wordCall(to, second, 'b'))
      return round
    }
    await runRound(reader, build('0x02'))
    await runRound(reader, build('0x02'))
    await runRound(reader, build('0x03'))
    await runRound(reader, build('0x02', '0x0000000000000000000000000000000000000002'))
    const direct = (calls: [`0x${string}`, Hex][]) =>
      encodeFunctionData({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [calls.map(([t, callData]) => ({ target: t, allowFailure: true, callData }))],
      })
    expect(sent).toEqual([
      direct([
        [target, '0x01'],
        [target, '0x02'],
      ]),
      direct([
        [target, '0x01'],
        [target, '0x02'],
      ]),
      direct([
        [target, '0x01'],
        [target, '0x03'],
      ]),
      direct([
        [target, '0x01'],
        ['0x0000000000000000000000000000000000000002', '0x02'],
      ]),
    ])
    expect(new Set(sent).size).toBe(3)
  })

  it('takes an answer with more or fewer results than calls for an unavailable chain', async () => {
    for (const values of [[1n], [1n, 2n, 3n]]) {
      const { reader } = fakeReader(() => answer(values))
      const round = createRound()
      round.add(wordCall(target, '0x01', 'a'))
      round.add(wordCall(target, '0x02', 'b'))
      const error = await runRound(reader, round).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChainUnavailableError)
      expect((error as ChainUnavailableError).details[0]?.context).toMatchObject({
        chainId: 10,
        reason: `Multicall3 answered ${values.length} results for 2 calls`,
      })
    }
  })

  it('takes an answer that is not aggregate3 data for an unavailable chain', async () => {
    const { reader } = fakeReader(() => '0x1234')
    const round = createRound()
    round.add(wordCall(target, '0x01', 'a'))
    await expect(runRound(reader, round)).rejects.toBeInstanceOf(ChainUnavailableError)
  })
})
