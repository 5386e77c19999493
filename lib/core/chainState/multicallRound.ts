// One Multicall3 round on one chain: calls with their own decoders go out as aggregate3 (one
// eth_call, or parallel chunks pinned to one block), and come back decoded in order. The outer
// call is encoded and decoded once: per-call ABI work on a hot path costs more than a local RPC.
import { decodeFunctionResult, encodeFunctionData, hexToBigInt, multicall3Abi, type Abi, type Address, type Hex, type PublicClient } from 'viem'
import { addresses } from '../addresses'
import { ChainUnavailableError } from '../errors'

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

/** A call whose result is decoded with its ABI. */
export function abiCall<const abi extends Abi>(target: Address, abi: abi, functionName: string, args: readonly unknown[], what: string): RoundCall {
  const spec = { abi, functionName, args } as never
  return { target, callData: encodeFunctionData(spec), what, decode: (data) => decodeFunctionResult({ ...(spec as object), data } as never) }
}

export async function multicallRound(reader: ChainReader, calls: readonly RoundCall[], chunkSize = MULTICALL_CHUNK_SIZE): Promise<unknown[]> {
  const chunks: RoundCall[][] = []
  for (let i = 0; i < calls.length; i += chunkSize) chunks.push(calls.slice(i, i + chunkSize))
  // Every chunk reads the same block, so the parts of one answer never disagree.
  const blockNumber = chunks.length > 1 ? await reader.client.getBlockNumber().catch(unavailable(reader)) : undefined
  const results = await Promise.all(
    chunks.map(async (chunk) => {
      const args = [chunk.map((c) => ({ target: c.target, allowFailure: true, callData: c.callData }))] as const
      const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args })
      const { data: raw } = await reader.client.call({ to: addresses.multicall3, data, blockNumber }).catch(unavailable(reader))
      if (!raw) throw new ChainUnavailableError(reader.chainId, 'Multicall3 returned no data')
      return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw })
    }),
  )
  return results.flat().map((r, i) => {
    const call = calls[i]!
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
    throw new ChainUnavailableError(reader.chainId, shortReason(error))
  }
}

function shortReason(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage
  return error instanceof Error ? error.message.split('\n')[0]! : String(error)
}
