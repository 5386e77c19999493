// Reads an account's balances on every chain in one Multicall3 round per chain, all chains in
// parallel: native balance, ERC-20 balanceOf, and ERC-6909 balanceOf(owner, lockId) per lock tag.
import { erc20Abi, parseAbi, type Address, type ContractFunctionParameters, type Hex, type PublicClient } from 'viem'
import { addresses } from '../addresses'
import { ChainUnavailableError } from '../errors'
import { lockId } from '../locks/lockId'
import type { TokenInfo } from '../tokens/tokens'

const resourceLocksAbi = parseAbi(['function balanceOf(address owner, uint256 id) view returns (uint256)'])
const multicall3ViewsAbi = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getEthBalance(address addr) view returns (uint256)',
])

/** Calldata bytes per eth_call before the multicall is split; far above what a portfolio needs. */
const MULTICALL_CHUNK_BYTES = 32_000

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
}

export async function readBalances({ account, readers, tokens, lockTags }: ReadBalancesParameters): Promise<ChainBalances[]> {
  return Promise.all(
    readers
      .filter((r) => tokens.some((t) => t.chainId === r.chainId))
      .map((r) => readChain(r, account, tokens.filter((t) => t.chainId === r.chainId), lockTags)),
  )
}

async function readChain(reader: ChainReader, account: Address, tokens: TokenInfo[], lockTags: readonly Hex[]): Promise<ChainBalances> {
  const blockCall = { address: addresses.multicall3, abi: multicall3ViewsAbi, functionName: 'getBlockNumber', args: [] } as const
  const unlockedCalls = tokens.map((t): ContractFunctionParameters =>
    t.extensions.native
      ? ({ address: addresses.multicall3, abi: multicall3ViewsAbi, functionName: 'getEthBalance', args: [account] } as const)
      : ({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] } as const),
  )
  const lockIds = tokens.flatMap((t) => lockTags.map((tag) => ({ token: t, lockTag: tag, id: lockId(tag, t.address) })))
  const lockedCalls = lockIds.map(
    (l) => ({ address: addresses.theCompact, abi: resourceLocksAbi, functionName: 'balanceOf', args: [account, l.id] }) as const,
  )

  let results
  try {
    results = await reader.client.multicall({
      contracts: [blockCall, ...unlockedCalls, ...lockedCalls],
      multicallAddress: addresses.multicall3,
      batchSize: MULTICALL_CHUNK_BYTES,
      allowFailure: true,
    })
  } catch (error) {
    throw new ChainUnavailableError(reader.chainId, shortReason(error))
  }

  const value = (index: number, what: string): bigint => {
    const r = results[index]!
    if (r.status === 'failure') throw new ChainUnavailableError(reader.chainId, `${what}: ${shortReason(r.error)}`)
    return r.result as bigint
  }

  const blockNumber = value(0, 'block number')
  const balances = tokens.map((token, i) => {
    const locks = lockIds
      .map((l, j) => ({ ...l, j }))
      .filter((l) => l.token === token)
      .map((l) => ({ lockTag: l.lockTag, id: l.id, amount: value(1 + tokens.length + l.j, `${token.symbol} lock ${l.id}`) }))
    return {
      token,
      unlocked: value(1 + i, `${token.symbol} balance`),
      locked: locks.reduce((sum, l) => sum + l.amount, 0n),
      locks,
    }
  })
  return { chainId: reader.chainId, blockNumber, balances }
}

function shortReason(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage
  return error instanceof Error ? error.message.split('\n')[0]! : String(error)
}
