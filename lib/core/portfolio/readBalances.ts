// Reads an account's balances on every chain in one Multicall3 round per chain, all chains in
// parallel: native balance, ERC-20 balanceOf, and ERC-6909 balanceOf(owner, lockId) per lock tag.
// The aggregate3 call is encoded and decoded once per chain (not per inner call): this read is the
// service's hot path, and per-call ABI work cost more than the RPC round itself on a local node.
import { decodeFunctionResult, encodeFunctionData, erc20Abi, hexToBigInt, multicall3Abi, parseAbi, type Address, type Hex, type PublicClient } from 'viem'
import { addresses } from '../addresses'
import { ChainUnavailableError } from '../errors'
import { lockId } from '../locks/lockId'
import type { TokenInfo } from '../tokens/tokens'

const resourceLocksAbi = parseAbi(['function balanceOf(address owner, uint256 id) view returns (uint256)'])
const multicall3ViewsAbi = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getEthBalance(address addr) view returns (uint256)',
])

/** Inner calls per eth_call; larger reads are split into parallel rounds that stay under RPC limits. */
export const MULTICALL_CHUNK_SIZE = 300

export type ChainReader = { chainId: number; client: PublicClient }

export type TokenBalance = {
  token: TokenInfo
  unlocked: bigint
  locked: bigint
  locks: { lockTag: Hex; id: bigint; amount: bigint }[]
}

export type ChainBalances = { chainId: number; blockNumber: bigint; balances: TokenBalance[] }

export type ReadBalancesParameters = {
  account: Address
  readers: readonly ChainReader[]
  /** The tokens to read; those on chains without a reader are ignored. */
  tokens: readonly TokenInfo[]
  lockTags: readonly Hex[]
  /** Inner calls per eth_call (default MULTICALL_CHUNK_SIZE). */
  chunkSize?: number
}

export async function readBalances({ account, readers, tokens, lockTags, chunkSize = MULTICALL_CHUNK_SIZE }: ReadBalancesParameters): Promise<ChainBalances[]> {
  return Promise.all(
    readers
      .filter((r) => tokens.some((t) => t.chainId === r.chainId))
      .map((r) => readChain(r, account, tokens.filter((t) => t.chainId === r.chainId), lockTags, chunkSize)),
  )
}

type Call = { target: Address; allowFailure: true; callData: Hex; what: string }

async function readChain(reader: ChainReader, account: Address, tokens: TokenInfo[], lockTags: readonly Hex[], chunkSize: number): Promise<ChainBalances> {
  // balanceOf(account) has the same calldata for every ERC-20: encode it once.
  const erc20BalanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] })
  const ethBalance = encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getEthBalance', args: [account] })
  const call = (target: Address, callData: Hex, what: string): Call => ({ target, allowFailure: true, callData, what })

  const locks = tokens.flatMap((token) => lockTags.map((lockTag) => ({ token, lockTag, id: lockId(lockTag, token.address) })))
  const calls = [
    call(addresses.multicall3, encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getBlockNumber' }), 'block number'),
    ...tokens.map((t) => (t.extensions.native ? call(addresses.multicall3, ethBalance, 'ETH balance') : call(t.address, erc20BalanceOf, `${t.symbol} balance`))),
    ...locks.map((l) =>
      call(addresses.theCompact, encodeFunctionData({ abi: resourceLocksAbi, functionName: 'balanceOf', args: [account, l.id] }), `${l.token.symbol} lock ${l.id}`),
    ),
  ]

  const words = await readWords(reader, calls, chunkSize)
  const balances = tokens.map((token, i) => {
    const tokenLocks = locks
      .map((l, j) => ({ lockTag: l.lockTag, id: l.id, amount: words[1 + tokens.length + j]!, token: l.token }))
      .filter((l) => l.token === token)
      .map(({ lockTag, id, amount }) => ({ lockTag, id, amount }))
    return { token, unlocked: words[1 + i]!, locked: tokenLocks.reduce((sum, l) => sum + l.amount, 0n), locks: tokenLocks }
  })
  return { chainId: reader.chainId, blockNumber: words[0]!, balances }
}

/** Runs the calls through aggregate3 (chunked) and returns each one's uint256 result. */
async function readWords(reader: ChainReader, calls: Call[], chunkSize: number): Promise<bigint[]> {
  const chunks: Call[][] = []
  for (let i = 0; i < calls.length; i += chunkSize) chunks.push(calls.slice(i, i + chunkSize))
  // Every chunk reads the same block, so the parts of one answer never disagree.
  const blockNumber = chunks.length > 1 ? await reader.client.getBlockNumber().catch(unavailable(reader)) : undefined
  const results = await Promise.all(
    chunks.map(async (chunk) => {
      const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [chunk.map(({ what: _, ...c }) => c)] })
      const { data: raw } = await reader.client.call({ to: addresses.multicall3, data, blockNumber }).catch(unavailable(reader))
      if (!raw) throw new ChainUnavailableError(reader.chainId, 'Multicall3 returned no data')
      return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw })
    }),
  )
  return results.flat().map((r, i) => {
    // A uint256 answer is exactly one 32-byte word: anything else means no contract or a revert.
    if (!r.success || r.returnData.length !== 66) {
      throw new ChainUnavailableError(reader.chainId, `${calls[i]!.what}: ${r.success ? 'unexpected return data' : 'call reverted'}`)
    }
    return hexToBigInt(r.returnData)
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
