// One Multicall3 round on one chain: calls with their own decoders go out as aggregate3 (one
// eth_call, or parallel chunks pinned to one block), and come back decoded in order. The outer
// call is encoded and decoded once: per-call ABI work on a hot path costs more than a local RPC.

import { LRUCache } from 'lru-cache'
import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type DecodeFunctionResultParameters,
  decodeFunctionResult,
  type EncodeFunctionDataParameters,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  type PublicClient,
} from 'viem'
import { multicall3Abi } from '../abi/multicall3'
import { addresses } from '../addresses'
import { ChainUnavailableError, shortReason } from '../errors'
import { decodeAggregate3 } from './aggregate3Result'

export type ChainReader = { chainId: number; client: PublicClient }

export type RoundCall<T = unknown> = { target: Address; callData: Hex; what: string; decode: (returnData: Hex) => T }

/** Inner calls per eth_call; larger rounds are split into parallel chunks under RPC limits. */
export const MULTICALL_CHUNK_SIZE = 300

/** A view returning one uint256 (or any single static word). */
export function wordCall(target: Address, callData: Hex, what: string): RoundCall<bigint> {
  return {
    target,
    callData,
    what,
    decode: (data) => {
      if (data.length !== 66) throw new Error('expected one 32-byte word')
      return hexToBigInt(data)
    },
  }
}

type View = 'pure' | 'view'

/** A call whose result is decoded with its ABI, typed by the function's return type. */
export function abiCall<
  const abi extends Abi,
  name extends ContractFunctionName<abi, View>,
  const args extends ContractFunctionArgs<abi, View, name>,
>(
  target: Address,
  abi: abi,
  functionName: name,
  args: args,
  what: string,
): RoundCall<ContractFunctionReturnType<abi, View, name, args>> {
  const callData = encodeFunctionData({ abi, functionName, args } as EncodeFunctionDataParameters)
  return {
    target,
    callData,
    what,
    decode: (data) =>
      decodeFunctionResult({
        abi,
        functionName,
        args,
        data,
      } as DecodeFunctionResultParameters) as ContractFunctionReturnType<abi, View, name, args>,
  }
}

/** Where a call's result will be in a round, typed by what its decoder returns. */
export type Slot<T> = { readonly index: number; readonly type?: T }

/** A round under construction: each call added returns the slot its result is read from, so no
 * result is ever read by counting positions. */
export function createRound() {
  const calls: RoundCall[] = []
  return {
    calls,
    add<T>(call: RoundCall<T>): Slot<T> {
      calls.push(call)
      return { index: calls.length - 1 }
    },
  }
}

export type Round = ReturnType<typeof createRound>
export type RoundResults = { read<T>(slot: Slot<T>): T }

/** Runs a round; its results are read by slot. */
export async function runRound(
  reader: ChainReader,
  round: Round,
  chunkSize = MULTICALL_CHUNK_SIZE,
): Promise<RoundResults> {
  const values = await multicallRound(reader, round.calls, chunkSize)
  // Each slot was made by add() with the decoder that produced this value.
  return { read: <T>(slot: Slot<T>) => values[slot.index] as T }
}

/** Each chunk's aggregate3 calldata, kept with the call list it encodes (a round read again, such
 * as an account's balances, is encoded once); dropped with the list. */
const encoded = new WeakMap<readonly RoundCall[], { chunkSize: number; length: number; data: Hex[] }>()

/** A chunk's calldata by what it calls: a round built afresh with the same calls (a route quoted
 * again for the same account and tokens, as clients poll quotes) skips viem's ABI encoder, whose
 * work on an array of (address, bool, bytes) tuples costs more than a local node's answer. The key
 * is every call's target and calldata, so equal keys are equal calldata. */
const encodedByContent = new LRUCache<string, Hex, readonly RoundCall[]>({
  max: 4_096,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (data, key) => data.length + key.length,
  memoMethod: (_key, _stale, { context: calls }) =>
    encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.callData }))],
    }),
})

const encodeChunk = (calls: readonly RoundCall[]): Hex =>
  encodedByContent.memo(calls.map((c) => `${c.target}${c.callData}`).join(','), { context: calls })

function encodeChunks(calls: readonly RoundCall[], chunkSize: number): Hex[] {
  const kept = encoded.get(calls)
  if (kept?.chunkSize === chunkSize && kept.length === calls.length) return kept.data
  const data: Hex[] = []
  for (let i = 0; i < calls.length; i += chunkSize) data.push(encodeChunk(calls.slice(i, i + chunkSize)))
  encoded.set(calls, { chunkSize, length: calls.length, data })
  return data
}

export async function multicallRound(
  reader: ChainReader,
  calls: readonly RoundCall[],
  chunkSize = MULTICALL_CHUNK_SIZE,
): Promise<unknown[]> {
  const chunks = encodeChunks(calls, chunkSize)
  // Every chunk reads the same block, so the parts of one answer never disagree.
  const blockNumber = chunks.length > 1 ? await reader.client.getBlockNumber().catch(unavailable(reader)) : undefined
  const results = await Promise.all(
    chunks.map(async (data, chunk) => {
      const { data: raw } = await reader.client
        .call({ to: addresses.multicall3, data, blockNumber })
        .catch(unavailable(reader))
      if (!raw) throw new ChainUnavailableError(reader.chainId, 'Multicall3 returned no data')
      let results: ReturnType<typeof decodeAggregate3>
      try {
        results = decodeAggregate3(raw)
      } catch (error) {
        throw new ChainUnavailableError(reader.chainId, `Multicall3 answer: ${shortReason(error)}`)
      }
      const asked = Math.min(chunkSize, calls.length - chunk * chunkSize)
      if (results.length !== asked)
        throw new ChainUnavailableError(
          reader.chainId,
          `Multicall3 answered ${results.length} results for ${asked} calls`,
        )
      return results
    }),
  )
  return results.flat().map((r, i) => {
    const call = calls[i]
    // Each chunk's answer was checked above to hold one result per call.
    if (!call) throw new Error(`multicallRound: result ${i} has no call (${calls.length} calls)`)
    if (!r.success) throw new ChainUnavailableError(reader.chainId, `${call.what}: call reverted`)
    try {
      return call.decode(r.returnData)
    } catch {
      // No contract at the address answers 0x; anything undecodable is not a value to trust.
      throw new ChainUnavailableError(reader.chainId, `${call.what}: unexpected return data`)
    }
  })
}

function unavailable(reader: ChainReader) {
  return (error: unknown): never => {
    throw new ChainUnavailableError(reader.chainId, shortReason(error), { cause: error })
  }
}
