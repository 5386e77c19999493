// Reads an account's balances on every chain in one Multicall3 round per chain, all chains in
// parallel: native balance, ERC-20 balanceOf, and ERC-6909 balanceOf(owner, lockId) per lock tag.
import { LRUCache } from 'lru-cache'
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { multicall3ViewsAbi } from '../abi/multicall3'
import { lockContractAbi } from '../abi/theCompact'
import { addresses } from '../addresses'
import {
  type ChainReader,
  createRound,
  MULTICALL_CHUNK_SIZE,
  type Round,
  type RoundResults,
  runRound,
  wordCall,
} from '../chainState/multicallRound'
import { lockId } from '../locks/lockId'
import type { TokenInfo } from '../tokens/tokens'

export type { ChainReader } from '../chainState/multicallRound'

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

export async function readBalances({
  account,
  readers,
  tokens,
  lockTags,
  chunkSize = MULTICALL_CHUNK_SIZE,
}: ReadBalancesParameters): Promise<ChainBalances[]> {
  return Promise.all(
    readers
      .filter((r) => tokens.some((t) => t.chainId === r.chainId))
      .map(async (reader) => {
        const { round, collect } = balanceRound(
          reader.chainId,
          account,
          tokens.filter((t) => t.chainId === reader.chainId),
          lockTags,
        )
        return { chainId: reader.chainId, ...collect(await runRound(reader, round, chunkSize)) }
      }),
  )
}

/** Rounds kept for reading again: an account polled for its balances (the dashboard, a client
 * waiting for funds) reuses its round and the round's calldata instead of encoding ~10 calls a
 * chain each time. The least recently read go first. */
type KeptRound = { round: Round; collect: ReturnType<typeof balanceReads> }
type RoundOf = { account: Address; tokens: readonly TokenInfo[]; lockTags: readonly Hex[] }
const rounds = new LRUCache<string, KeptRound, RoundOf>({
  max: 1024,
  memoMethod: (_key, _stale, { context: { account, tokens, lockTags } }) => {
    const round = createRound()
    return { round, collect: balanceReads(round, account, tokens, lockTags) }
  },
})

function balanceRound(chainId: number, account: Address, tokens: readonly TokenInfo[], lockTags: readonly Hex[]) {
  const key = [chainId, account.toLowerCase(), ...tokens.map((t) => t.address), ...lockTags].join('|')
  return rounds.memo(key, { context: { account, tokens, lockTags } })
}

const blockNumberCall = encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getBlockNumber' })

/** Balance calldata by what it asks: a round built again for an account (a route quoted again)
 * takes its calls' calldata from here instead of viem's ABI encoder. */
const calldata = new LRUCache<string, Hex, () => Hex>({
  max: 16_384,
  memoMethod: (_key, _stale, { context: encode }) => encode(),
})
const encodedOnce = (key: string, encode: () => Hex): Hex => calldata.memo(key, { context: encode })

/** Adds one chain's balance reads to a round (for rounds that read more); returns how to fold them. */
export function balanceReads(round: Round, account: Address, tokens: readonly TokenInfo[], lockTags: readonly Hex[]) {
  // balanceOf(account) has the same calldata for every ERC-20: encode it once.
  const erc20BalanceOf = encodedOnce(`balanceOf ${account}`, () =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] }),
  )
  const ethBalance = encodedOnce(`getEthBalance ${account}`, () =>
    encodeFunctionData({ abi: multicall3ViewsAbi, functionName: 'getEthBalance', args: [account] }),
  )
  const block = round.add(wordCall(addresses.multicall3, blockNumberCall, 'block number'))
  const unlocked = tokens.map((token) => ({
    token,
    slot: round.add(
      token.extensions.native
        ? wordCall(addresses.multicall3, ethBalance, 'ETH balance')
        : wordCall(token.address, erc20BalanceOf, `${token.symbol} balance`),
    ),
  }))
  const locks = tokens.flatMap((token) =>
    lockTags.map((lockTag) => {
      const id = lockId(lockTag, token.address)
      const data = encodedOnce(`balanceOf ${account} ${id}`, () =>
        encodeFunctionData({ abi: lockContractAbi, functionName: 'balanceOf', args: [account, id] }),
      )
      const slot = round.add(wordCall(addresses.theCompact, data, `${token.symbol} lock ${id}`))
      return { token, lockTag, id, slot }
    }),
  )
  return (results: RoundResults): Omit<ChainBalances, 'chainId'> => {
    const balances = unlocked.map(({ token, slot }) => {
      const tokenLocks = locks
        .filter((l) => l.token === token)
        .map((l) => ({ lockTag: l.lockTag, id: l.id, amount: results.read(l.slot) }))
      return {
        token,
        unlocked: results.read(slot),
        locked: tokenLocks.reduce((sum, l) => sum + l.amount, 0n),
        locks: tokenLocks,
      }
    })
    return { blockNumber: results.read(block), balances }
  }
}
