// Reads an account's balances on every chain in one Multicall3 round per chain, all chains in
// parallel: native balance, ERC-20 balanceOf, and ERC-6909 balanceOf(owner, lockId) per lock tag.
import { encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { addresses } from '../addresses'
import { multicallRound, wordCall, MULTICALL_CHUNK_SIZE, type ChainReader, type RoundCall } from '../chainState/multicallRound'
import { lockId } from '../locks/lockId'
import type { TokenInfo } from '../tokens/tokens'

export type { ChainReader } from '../chainState/multicallRound'

const resourceLocksAbi = parseAbi(['function balanceOf(address owner, uint256 id) view returns (uint256)'])
const multicall3ViewsAbi = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getEthBalance(address addr) view returns (uint256)',
])

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
      .map(async (reader) => {
        const part = balanceCalls(account, tokens.filter((t) => t.chainId === reader.chainId), lockTags)
        const values = await multicallRound(reader, part.calls, chunkSize)
        return { chainId: reader.chainId, ...part.collect(values) }
      }),
  )
}

/** The calls of one chain's balance read, and how to fold their results, for rounds that read more. */
export function balanceCalls(account: Address, tokens: readonly TokenInfo[], lockTags: readonly Hex[]) {
  // balanceOf(account) has the same calldata for every ERC-20: encode it once.
  const erc20BalanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] })
  const ethBalance = encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getEthBalance', args: [account] })
  const locks = tokens.flatMap((token) => lockTags.map((lockTag) => ({ token, lockTag, id: lockId(lockTag, token.address) })))
  const calls: RoundCall<bigint>[] = [
    wordCall(addresses.multicall3, encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getBlockNumber' }), 'block number'),
    ...tokens.map((t) =>
      t.extensions.native ? wordCall(addresses.multicall3, ethBalance, 'ETH balance') : wordCall(t.address, erc20BalanceOf, `${t.symbol} balance`),
    ),
    ...locks.map((l) =>
      wordCall(addresses.theCompact, encodeFunctionData({ abi: resourceLocksAbi, functionName: 'balanceOf', args: [account, l.id] }), `${l.token.symbol} lock ${l.id}`),
    ),
  ]
  const collect = (values: readonly unknown[]): Omit<ChainBalances, 'chainId'> => {
    const words = values as bigint[]
    const balances = tokens.map((token, i) => {
      const tokenLocks = locks.flatMap((l, j) => (l.token === token ? [{ lockTag: l.lockTag, id: l.id, amount: words[1 + tokens.length + j]! }] : []))
      return { token, unlocked: words[1 + i]!, locked: tokenLocks.reduce((sum, l) => sum + l.amount, 0n), locks: tokenLocks }
    })
    return { blockNumber: words[0]!, balances }
  }
  return { calls, collect }
}
