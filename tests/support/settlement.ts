// Test-side settlement: ask the running app for a route, perform its token requirements from the
// account, sign it with @rhinestone/sdk's own builders, submit it, wait for a final status, and read
// back from chain (raw RPC reads, not our API) what moved.
import { getCompactTypedData } from '@rhinestone/sdk/dist/src/execution/compact'
import { getTypedData as getPermit2TypedData } from '@rhinestone/sdk/dist/src/execution/permit2'
import { getTypedData as getSingleChainOpsTypedData } from '@rhinestone/sdk/dist/src/execution/singleChainOps'
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi, parseEther, zeroAddress } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { decodeLockId } from '../../lib/core/locks/lockId'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { fillerAccounts } from '../../lib/devnet/demoAccount'
import { devnetFillerKey } from '../../lib/devnet/fillerEnv'
import { responseBody } from './api'
import { devnetActions } from './devnetActions'

export const fillerAddress = privateKeyToAccount(devnetFillerKey()).address
/** Every devnet filler key's address: a snapshot counts what the fillers hold together (a stack may
 * run one filler process per key, and any of them may settle a route). */
const fillerAddresses = fillerAccounts.map((a) => a.address)
const wethAbi = parseAbi(['function deposit() payable'])
const final = ['COMPLETED', 'FAILED']

/** Against the suites' shared stack, or the one given (a suite with a stack of its own). */
export function settlement(target?: { baseUrl: string; apiKey: string; rpcUrls: Record<number, string> }) {
  const baseUrl = target?.baseUrl ?? inject('baseUrl')
  const apiKey = target?.apiKey ?? inject('apiKey')
  const chain = devnetActions(target?.rpcUrls ?? inject('rpcUrls'))

  const call = async (method: string, path: string, body?: unknown, key: string = apiKey) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    return { status: res.status, body: await responseBody(res) }
  }

  /** The route, with its token requirements (Permit2 approvals, wraps) done from the account. */
  const route = async (account: PrivateKeyAccount, body: Record<string, unknown>) => {
    const r = await call('POST', '/intents/route', body)
    if (r.status !== 200 || !r.body.intentOp)
      throw new Error(`no route (${r.status}): ${JSON.stringify(r.body).slice(0, 600)}`)
    for (const [chainId, byToken] of Object.entries(
      r.body.tokenRequirements as Record<string, Record<Address, { type: string; amount: string; spender?: Address }>>,
    )) {
      const id = Number(chainId)
      const wrap = byToken[zeroAddress]
      if (wrap)
        await chain.send(id, {
          account,
          to: findTokenBySymbol(id, 'WETH')!.address,
          data: encodeDeposit(),
          value: BigInt(wrap.amount),
          chain: chain.client(id).chain,
        })
      for (const [token, req] of Object.entries(byToken)) {
        if (req.type !== 'approval') continue
        await chain.send(id, {
          account,
          to: token as Address,
          data: encodeApprove(req.spender!, BigInt(req.amount)),
          chain: chain.client(id).chain,
        })
      }
    }
    return r.body as { intentOp: WireIntentOp; intentCost: any; tokenRequirements: any }
  }

  /** What the client sends: the intentOp, one signature per element built by the SDK, the last repeated. */
  const sign = async (account: PrivateKeyAccount, intentOp: WireIntentOp) => {
    const originSignatures: Hex[] = []
    for (const typed of sdkMessages(account.address, intentOp))
      originSignatures.push(await account.signTypedData(typed as never))
    return { ...intentOp, originSignatures, destinationSignature: originSignatures.at(-1)! }
  }

  const submit = (signedIntentOp: unknown, key?: string) => call('POST', '/intent-operations', { signedIntentOp }, key)

  const waitFinal = async (id: string) => {
    for (;;) {
      const r = await call('GET', `/intent-operation/${id}`)
      if (r.status !== 200) throw new Error(`status ${r.status}: ${JSON.stringify(r.body)}`)
      if (final.includes(r.body.status)) return r.body
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Every balance a route can touch, read from chain: the account's spent tokens (locked ids and
   * ERC-20s), the recipient's and the fillers' delivered tokens (under `fillerAddress`: every filler
   * key's together), per chain. */
  const snapshot = async (intentOp: WireIntentOp, account: Address, recipient: Address) => {
    const reads: Promise<[string, bigint]>[] = []
    const seen = new Set<string>()
    const read = (key: string, p: () => Promise<bigint>) => {
      if (seen.has(key)) return
      seen.add(key)
      reads.push(p().then((v) => [key, v]))
    }
    for (const e of intentOp.elements) {
      const id = Number(e.chainId)
      const funding = e.mandate.qualifier.settlementContext.fundingMethod
      for (const [lock] of e.idsAndAmounts) {
        const { token } = decodeLockId(BigInt(lock))
        if (funding === 'COMPACT')
          read(`locked:${id}:${lock}:${account}`, () => chain.lockedBalance(id, account, BigInt(lock)))
        else read(`erc20:${id}:${token}:${account}`, () => erc20Of(id, token, account))
        if (token !== zeroAddress) read(`erc20:${id}:${token}:${fillerAddress}`, () => fillersErc20(id, token))
      }
      for (const [out] of e.mandate.tokenOut) {
        const dest = Number(e.mandate.destinationChainId)
        const { token } = decodeLockId(BigInt(out))
        if (token === zeroAddress) read(`eth:${dest}:${recipient}`, () => chain.ethBalance(dest, recipient))
        else {
          read(`erc20:${dest}:${token}:${recipient}`, () => erc20Of(dest, token, recipient))
          read(`erc20:${dest}:${token}:${fillerAddress}`, () => fillersErc20(dest, token))
        }
      }
    }
    return new Map(await Promise.all(reads))
  }

  const erc20Of = (chainId: number, token: Address, owner: Address) =>
    chain.client(chainId).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const fillersErc20 = async (chainId: number, token: Address) =>
    (await Promise.all(fillerAddresses.map((f) => erc20Of(chainId, token, f)))).reduce((a, b) => a + b, 0n)

  return { call, chain, route, sign, submit, waitFinal, snapshot }
}

export type Funds = { chainId: number; symbol: 'ETH' | 'USDC' | 'USDT0'; amount: bigint; locked?: boolean }

/** A fresh account holding `funds` (locked in The Compact where said), with gas on each of those chains. */
export async function fundedAccount(chain: ReturnType<typeof devnetActions>, funds: Funds[]) {
  const account = chain.freshAccount()
  for (const id of new Set(funds.map((f) => f.chainId))) await chain.setEth(id, account.address, parseEther('0.05'))
  for (const f of funds) {
    if (f.symbol === 'ETH') {
      await chain.setEth(f.chainId, account.address, parseEther('0.05') + f.amount)
      if (f.locked) await chain.lockNative(f.chainId, account, f.amount, defaultLockTag)
      continue
    }
    await chain.mint(f.chainId, f.symbol, account.address, f.amount)
    if (f.locked) await chain.lockErc20(f.chainId, account, f.symbol, f.amount, defaultLockTag)
  }
  return account
}

/** What a route says must move, keyed like `snapshot`: negative for the account, positive for the
 * recipient and the filler. */
export function expectedMoves(intentOp: WireIntentOp, account: Address, recipient: Address): Map<string, bigint> {
  const moves = new Map<string, bigint>()
  const add = (key: string, amount: bigint) => moves.set(key, (moves.get(key) ?? 0n) + amount)
  for (const e of intentOp.elements) {
    const id = Number(e.chainId)
    const funding = e.mandate.qualifier.settlementContext.fundingMethod
    for (const [lock, amount] of e.idsAndAmounts) {
      const { token } = decodeLockId(BigInt(lock))
      add(
        funding === 'COMPACT' ? `locked:${id}:${lock}:${account}` : `erc20:${id}:${token}:${account}`,
        -BigInt(amount),
      )
      if (token !== zeroAddress) add(`erc20:${id}:${token}:${fillerAddress}`, BigInt(amount))
    }
    for (const [out, amount] of e.mandate.tokenOut) {
      const dest = Number(e.mandate.destinationChainId)
      const { token } = decodeLockId(BigInt(out))
      if (token === zeroAddress) add(`eth:${dest}:${recipient}`, BigInt(amount))
      else {
        add(`erc20:${dest}:${token}:${recipient}`, BigInt(amount))
        add(`erc20:${dest}:${token}:${fillerAddress}`, -BigInt(amount))
      }
    }
  }
  return moves
}

function encodeDeposit(): Hex {
  return encodeFunctionData({ abi: wethAbi, functionName: 'deposit' })
}

function encodeApprove(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}

/** The typed data @rhinestone/sdk's getIntentMessages builds per element (its module is not
 * exported, its builders are): the same choice of scheme, the same builders. */
export function sdkMessages(account: Address, intentOp: WireIntentOp): unknown[] {
  const contexts = intentOp.elements.map((e) => e.mandate.qualifier.settlementContext)
  return intentOp.elements.map((element) => {
    if (contexts.some((c) => c.settlementLayer === 'INTENT_EXECUTOR'))
      return getSingleChainOpsTypedData(account, addresses.intentExecutor, element as never, BigInt(intentOp.nonce))
    if (contexts.some((c) => c.fundingMethod === 'PERMIT2'))
      return getPermit2TypedData(element as never, BigInt(intentOp.nonce), BigInt(intentOp.expires))
    return getCompactTypedData(intentOp as never)
  })
}
