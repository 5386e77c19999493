// Test-side chain actions on the devnet: give a fresh account tokens, lock them, move them, and
// read what the chain holds, independently of the service under test.
import { type Address, type Chain, encodeFunctionData, erc20Abi, type Hex, isAddressEqual, parseAbi } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { addresses } from '../../lib/core/addresses'
import { getChain } from '../../lib/core/chains/chains'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { operatorAddress } from '../../lib/devnet/demoAccount'
import { createDevnetClient, type DevnetClient, mined } from '../../lib/devnet/devnetClient'

const compactAbi = parseAbi(['function balanceOf(address owner, uint256 id) view returns (uint256)'])

export function devnetActions(rpcUrls: Record<number, string>) {
  const clients = new Map<number, DevnetClient>()
  const client = (chainId: number) => {
    if (!clients.has(chainId))
      clients.set(chainId, createDevnetClient(rpcUrls[chainId]!, getChain(chainId)!.viem as Chain))
    return clients.get(chainId)!
  }
  const chain = (chainId: number) => getChain(chainId)!.viem as Chain
  const token = (chainId: number, symbol: string) => findTokenBySymbol(chainId, symbol)!
  // The operator's sends on a chain go one at a time: the node numbers them (eth_sendTransaction),
  // and two sent at once from parallel cases can draw the same nonce.
  const operatorQueues = new Map<number, Promise<unknown>>()
  const asOperator = <T>(chainId: number, send: () => Promise<T>): Promise<T> => {
    const next = (operatorQueues.get(chainId) ?? Promise.resolve()).then(() => refusedNonceAgain(send))
    operatorQueues.set(
      chainId,
      next.catch(() => undefined),
    )
    return next
  }

  /** Mints a stablecoin from the devnet operator to `to`. */
  const mint = async (chainId: number, symbol: string, to: Address, amount: bigint) => {
    await asOperator(chainId, () =>
      mined(
        client(chainId),
        client(chainId).writeContract({
          address: token(chainId, symbol).address,
          abi: artifacts.devToken.abi,
          functionName: 'mint',
          args: [to, amount],
          account: operatorAddress,
          chain: chain(chainId),
        }),
      ),
    )
  }
  /** `from` approves The Compact for `amount` and deposits it under `lockTag` for `beneficiary`. */
  const depositErc20 = async (
    chainId: number,
    from: PrivateKeyAccount | Address,
    symbol: string,
    amount: bigint,
    lockTag: Hex,
    beneficiary: Address,
  ) => {
    const c = client(chainId)
    const t = token(chainId, symbol)
    await mined(
      c,
      c.writeContract({
        address: t.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [addresses.theCompact, amount],
        account: from,
        chain: chain(chainId),
      }),
    )
    await mined(
      c,
      c.writeContract({
        address: addresses.theCompact,
        abi: artifacts.resourceLocks.abi,
        functionName: 'depositERC20',
        args: [t.address, lockTag, amount, beneficiary],
        account: from,
        chain: chain(chainId),
      }),
    )
  }

  return {
    client,
    token,
    /** Sends a transaction and waits for it to be mined; the operator's go through its queue, one at a
     * time per chain (parallel cases share that account's nonces). */
    send(chainId: number, request: Parameters<DevnetClient['sendTransaction']>[0]) {
      const sendIt = () => mined(client(chainId), client(chainId).sendTransaction(request))
      const from = typeof request.account === 'string' ? request.account : request.account?.address
      return from && isAddressEqual(from, operatorAddress) ? asOperator(chainId, sendIt) : sendIt()
    },
    freshAccount(): PrivateKeyAccount {
      return privateKeyToAccount(generatePrivateKey())
    },
    /** Delegates the account to the Nexus implementation (EIP-7702) and installs the intent
     * executor from the account itself, so it can run an intent's calls; its ETH there ends at 0. */
    async delegateToNexus(chainId: number, account: PrivateKeyAccount) {
      const c = client(chainId)
      await c.setBalance({ address: account.address, value: 10n ** 17n })
      const authorization = await c.signAuthorization({
        account,
        contractAddress: nexus.implementation,
        executor: 'self',
      })
      const data = encodeFunctionData({
        abi: parseAbi(['function installModule(uint256, address, bytes)']),
        functionName: 'installModule',
        args: [2n, nexus.intentExecutor, '0x'],
      })
      await mined(
        c,
        c.sendTransaction({
          account,
          authorizationList: [authorization],
          to: account.address,
          data,
          chain: chain(chainId),
        }),
      )
      await c.setBalance({ address: account.address, value: 0n })
    },
    async setEth(chainId: number, account: Address, value: bigint) {
      await client(chainId).setBalance({ address: account, value })
    },
    mint,
    /** The account itself approves The Compact and deposits `amount` under `lockTag`, for itself or
     * for `beneficiary`. */
    async lockErc20(
      chainId: number,
      owner: PrivateKeyAccount,
      symbol: string,
      amount: bigint,
      lockTag: Hex,
      beneficiary: Address = owner.address,
    ) {
      await depositErc20(chainId, owner, symbol, amount, lockTag, beneficiary)
    },
    /** The devnet operator locks `amount` USDC in The Compact (default lock tag) for `owner`, an
     * address that may have no code yet. */
    async lockUsdcFor(chainId: number, owner: Address, amount: bigint) {
      await mint(chainId, 'USDC', operatorAddress, amount)
      await asOperator(chainId, () => depositErc20(chainId, operatorAddress, 'USDC', amount, defaultLockTag, owner))
    },
    async lockNative(chainId: number, owner: PrivateKeyAccount, amount: bigint, lockTag: Hex) {
      await mined(
        client(chainId),
        client(chainId).writeContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'depositNative',
          args: [lockTag, owner.address],
          value: amount,
          account: owner,
          chain: chain(chainId),
        }),
      )
    },
    async transferErc20(chainId: number, from: PrivateKeyAccount, symbol: string, to: Address, amount: bigint) {
      await mined(
        client(chainId),
        client(chainId).writeContract({
          address: token(chainId, symbol).address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, amount],
          account: from,
          chain: chain(chainId),
        }),
      )
    },
    async erc20Balance(chainId: number, symbol: string, owner: Address): Promise<bigint> {
      return client(chainId).readContract({
        address: token(chainId, symbol).address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })
    },
    async ethBalance(chainId: number, owner: Address): Promise<bigint> {
      return client(chainId).getBalance({ address: owner })
    },
    async lockedBalance(chainId: number, owner: Address, id: bigint): Promise<bigint> {
      return client(chainId).readContract({
        address: addresses.theCompact,
        abi: compactAbi,
        functionName: 'balanceOf',
        args: [owner, id],
      })
    },
  }
}

/**
 * Sends again when the node refused the nonce viem read for the operator (a nonce read while the
 * node was still counting another sender's transaction of the same account, e.g. a re-org case's):
 * a refused transaction was never accepted, so sending it again cannot send it twice.
 */
async function refusedNonceAgain<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      if (attempt >= 5 || !/nonce too low/i.test(String(error))) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
    }
  }
}
