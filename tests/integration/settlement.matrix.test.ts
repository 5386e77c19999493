// The adversarial settlement matrix: fast-check draws, from a fixed seed, cases of route shape ×
// fault × step (tests/support/settlementMatrix.ts): the user's moves (nonce burned, Permit2
// approval revoked, funds moved away, WETH unwrapped, lock transferred, forced withdrawal started;
// for an EIP-7702 smart account made by the SDK, its validator uninstalled and its call on arrival
// made to burn far more gas than the route charged) once the intent is submitted or after any
// filler step, a filler crash after each step, a re-org dropping each step. All cases share one
// stack and run side by side (each its own fresh account):
//   1. filler and attester stopped: each case is funded, routed, signed and submitted; the filler
//      steps up to its step are sent as the filler would (journaled, mined: a crash right after),
//      then the user's move; re-orgs last, one at a time (anvil_rollback drops the chain's last block);
//   2. the filler comes back while the attester is still down (an outage: nothing may be filled
//      or paid out), then the attester: every intent must reach a final state;
//   3. the clocks move past the refund delay, and every refund due must be sent;
//   4. from raw chain reads (tests/support/settlementInvariant.ts): each account got exactly tokenOut
//      and paid exactly what its route spends, or lost nothing; the filler filled and was paid once
//      per completed intent, filled nothing for a failed one, and over all cases lost nothing net
//      of what it was paid; every intent final before its deadline.
// MATRIX_SEED, MATRIX_RUNS (one case per shape per run) and MATRIX_CASE=<run>:<shape index> replay
// a case; every case is printed with them.
import type { Hex, TransactionReceipt } from 'viem'
import { type Address, encodeFunctionData, erc20Abi, parseAbi } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { base, optimism } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { arbiterAbi, escrowStatus } from '../../lib/core/abi/arbiter'
import { lockContractAbi } from '../../lib/core/abi/theCompact'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { addresses } from '../../lib/core/addresses'
import { accountEscrowParts } from '../../lib/core/intentOp/accountEscrow'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { decodeLockId } from '../../lib/core/locks/lockId'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { setupSteps } from '../../lib/filler/accountSteps'
import type { SettlementPlan } from '../../lib/filler/settlementCalls'
import { findIntent } from '../../lib/storage/intentStore'
import { journalOf } from '../../lib/storage/journalStore'
import {
  adversarialStack,
  burnCompactNonce,
  burnPermit2Nonce,
  planOf,
  revokePermit2,
  routed,
  status,
  stepBeforeCrash,
  warpTo,
} from '../support/adversary'
import { burnCall, deployGasBurner, raiseBurn } from '../support/gasBurner'
import { sdkClient } from '../support/sdkClient'
import { fundedAccount } from '../support/settlement'
import {
  type Amounts,
  add,
  assetOf,
  chainIds,
  heads,
  holdingsOf,
  journalOnChain,
  type SettledCase,
  settlementBreaches,
} from '../support/settlementInvariant'
import {
  caseName,
  essentials,
  faults,
  fillerSteps,
  type MatrixCase,
  matrixCases,
  shapes,
} from '../support/settlementMatrix'

const seed = Number(process.env.MATRIX_SEED ?? 1366)
const runs = Number(process.env.MATRIX_RUNS ?? 3)
const only = process.env.MATRIX_CASE?.split(':').map(Number)
const suite = adversarialStack('settlement matrix suite')
const wethAbi = parseAbi(['function withdraw(uint256)'])
const outageMs = 1_500

type Live = SettledCase & {
  c: MatrixCase
  id: string
  destination: number
  notes: string[]
  prefilled: boolean
  since: number
  seconds?: number
}

const label = (c: MatrixCase) =>
  `[seed ${seed}, path ${c.run}, shape ${c.index}] ${caseName(c)} (replay: ` +
  `MATRIX_SEED=${seed} MATRIX_CASE=${c.run}:${c.index} npx vitest run ` +
  '--project integration tests/integration/settlement.matrix.test.ts)'

describe('settlement matrix', () => {
  const cases = matrixCases(seed, only ? 1 : runs, only ? String(only[0]) : undefined).filter(
    (c) => !only || c.index === only[1],
  )
  // The settled cases and the filler's holdings before them, for the re-org after the end.
  const live: Live[] = []
  let since: Record<number, bigint> = {}
  let fillerBefore: Amounts = new Map()

  it(`${cases.length} drawn cases of shape × fault × step settle without loss, each final in time`, async () => {
    const started = Date.now()
    for (const c of cases) console.log(`[matrix] seed=${seed} path=${c.run} shape=${c.index}: ${caseName(c)}`)
    if (!only) {
      // docs/settlement.md says what the matrix covers: every shape, every fault and these
      // situations; the fixed seed draws them.
      expect(new Set(cases.map((c) => c.shape.name))).toEqual(new Set(shapes.map((s) => s.name)))
      expect(new Set(cases.map((c) => c.fault))).toEqual(new Set(faults))
      expect(essentials.filter(([, is]) => !cases.some(is)).map(([what]) => what)).toEqual([])
    }
    const chain = suite.s.chain
    await Promise.all([suite.stack.filler.stop(), suite.stack.attester.stop()])
    since = await heads(chain)
    fillerBefore = await holdingsOf(chain, fillerAccount.address)

    // 1. Submitted, stepped, moved on: side by side, re-orgs one at a time after.
    await inPool(
      cases.filter((c) => c.fault !== 'reorg'),
      6,
      async (c) => {
        live.push(await prepare(c))
      },
    )
    for (const c of cases.filter((c) => c.fault === 'reorg')) live.push(await prepare(c))
    const prepared = Date.now()

    // 2. The filler resumes during an attester outage, then the attester comes back.
    const breaches: string[] = []
    await suite.stack.filler.start()
    await new Promise((r) => setTimeout(r, outageMs))
    for (const l of live) {
      const body = await status(l.id)
      if (body.status === 'COMPLETED') breaches.push(`${l.label}: COMPLETED while the attester was down`)
      if (!l.prefilled && body.fillTransactionHash) breaches.push(`${l.label}: filled while the attester was down`)
    }
    await suite.stack.attester.start()
    await untilAll(
      live,
      (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
      'a final state',
      async (l, body) => {
        l.final = body
        l.finalAt = await chainTime(l)
        l.seconds = (Date.now() - l.since) / 1000
      },
    )
    const settled = Date.now()

    // 2b. Re-orgs after COMPLETED: on each chain whose last block holds a completed intent's payout
    // (a compact's claim, an escrow's release), that block is dropped. The intent must be reopened,
    // paid again, and every completed intent's steps be on chain.
    const dropped = await dropPayouts(live)
    if (live.some((l) => l.final.status === 'COMPLETED'))
      expect(dropped.length, 'a payout was the last block of some chain').toBeGreaterThan(0)
    for (const d of dropped)
      live.find((l) => l.id === d.id)!.notes.push(`${d.step} on ${d.chainId} dropped by a re-org after COMPLETED`)
    await untilAll(
      live.filter((l) => l.final.status === 'COMPLETED'),
      (b) => b.status === 'COMPLETED',
      'COMPLETED again with every step on chain',
      async () => {},
      onChain,
    )
    const reorged = Date.now()

    // 3. Past the refund delay every refund due is sent.
    const refunding = live.filter((l) => l.final.refunds?.some((r: any) => r.status !== 'COMPLETED'))
    if (refunding.length > 0) {
      let latest = 0n
      for (const l of refunding) {
        for (const e of l.intentOp.elements) {
          const [, refundableAfter] = await chain.client(Number(e.chainId)).readContract({
            address: e.arbiter,
            abi: arbiterAbi,
            functionName: 'escrowOf',
            args: [l.intentOp.sponsor, BigInt(l.intentOp.nonce)],
          })
          if (refundableAfter > latest) latest = refundableAfter
        }
      }
      await warpTo(latest + 1n)
      await untilAll(
        refunding,
        (b) => b.refunds.every((r: any) => r.status === 'COMPLETED'),
        'every refund sent',
        async (l, body) => {
          l.final = body
          l.refundedAt = await chainTime(l)
        },
      )
    }

    // 4. The invariant, from raw chain reads.
    breaches.push(...(await settlementBreaches(chain, live, fillerBefore, since)))
    for (const l of live)
      console.log(
        `[matrix] ${caseName(l.c)} → ${l.final.status} in ${l.seconds?.toFixed(1)} ` +
          `s${l.notes.length ? `; ${l.notes.join('; ')}` : ''}`,
      )
    console.log(
      `[matrix] ${live.length} cases: prepared in ${((prepared - started) / 1000).toFixed(1)} ` +
        `s, settled in ${((settled - prepared) / 1000).toFixed(1)} s, re-settled after the ` +
        `re-orgs in ${((reorged - settled) / 1000).toFixed(1)} s, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s in all`,
    )
    if (breaches.length > 0 || process.env.MATRIX_LOGS) {
      // What the filler and the attester said about each breached case (every case with MATRIX_LOGS).
      const lines = suite.stack.logs().split('\n')
      for (const l of live.filter((l) => process.env.MATRIX_LOGS || breaches.some((b) => b.startsWith(l.label)))) {
        console.log(
          `[matrix] log of ${caseName(l.c)}:\n` +
            `${lines.filter((line) => line.includes('"service":') && line.includes(l.id)).join('\n')}`,
        )
      }
    }
    expect(breaches, breaches.join('\n')).toEqual([])
  }, 300_000)

  // After the end: a refund the filler sent and recorded is dropped by a re-org (with whatever
  // followed it on that chain). The escrow is held again; the filler must send the refund again,
  // and every other intent the re-org reopened must settle again.
  it.skipIf(only)(
    'a re-org that drops a sent refund: the escrow is refunded again and the invariant still holds',
    async () => {
      const chain = suite.s.chain
      const refunded = live.find((l) =>
        l.final?.refunds?.some((r: any) => r.status === 'COMPLETED' && r.transactionHash),
      )
      expect(refunded, 'the sample has a refunded escrow (see essentials)').toBeDefined()
      const refund = refunded!.final.refunds.find((r: any) => r.status === 'COMPLETED' && r.transactionHash)
      const client = chain.client(refund.chainId)
      const mined = await client.getTransactionReceipt({ hash: refund.transactionHash })
      const head = await client.getBlockNumber({ cacheTime: 0 })
      await client.request({ method: 'anvil_rollback', params: [Number(head - mined.blockNumber) + 1] } as never)
      expect(
        await client.getTransactionReceipt({ hash: refund.transactionHash }).catch(() => undefined),
      ).toBeUndefined()
      const element = refunded!.intentOp.elements.find((e) => Number(e.chainId) === refund.chainId)!
      const escrow = () =>
        client.readContract({
          address: element.arbiter,
          abi: arbiterAbi,
          functionName: 'escrowOf',
          args: [refunded!.intentOp.sponsor, BigInt(refunded!.intentOp.nonce)],
        })
      expect((await escrow())[0], 'the re-org put the escrow back').toBe(escrowStatus.held)
      const until = Date.now() + 15_000
      while ((await escrow())[0] !== escrowStatus.refunded && Date.now() < until)
        await new Promise((r) => setTimeout(r, 200))
      const [state] = await escrow()
      expect(
        state,
        `[seed ${seed}] ${caseName(refunded!.c)} (run the whole file to replay): a re-org ` +
          `dropped its refund on chain ${refund.chainId} (${refund.transactionHash}, block ` +
          `${mined.blockNumber}); 15 s later the escrow is still in state ${state} (1 held) ` +
          `and the intent reports: ${JSON.stringify((await status(refunded!.id)).refunds)}`,
      ).toBe(escrowStatus.refunded)
      // The filler returns a failed intent's escrow at once, so its refund may be followed on that
      // chain by other cases' fills and payouts, which the re-org dropped too: those intents are
      // reopened and must come back to a final state before the invariant is read.
      const settled = (b: any) =>
        (b.status === 'COMPLETED' || b.status === 'FAILED') &&
        (b.refunds ?? []).every((r: any) => r.status === 'COMPLETED')
      const settledBy = Date.now() + 30_000
      for (;;) {
        for (const l of live) l.final = await status(l.id)
        if (live.every((l) => settled(l.final)) || Date.now() > settledBy) break
        await new Promise((r) => setTimeout(r, 200))
      }
      const breaches = await settlementBreaches(chain, live, fillerBefore, since)
      expect(breaches, breaches.join('\n')).toEqual([])
    },
    90_000,
  )
})

/** Funds a fresh account for the case's shape, routes, signs and submits, sends the filler's steps
 * up to the case's step (a crash right after it), then the fault: the user's move, or the re-org
 * of that step. */
async function prepare(c: MatrixCase): Promise<Live> {
  const chain = suite.s.chain
  const account = await fundedAccount(chain, c.shape.funds)
  const burner = c.shape.call ? await deployGasBurner(chain, 8453) : undefined
  const { intentOp, signed, before } = c.shape.smart
    ? await smartRoute(c, account, burner)
    : await plainRoute(c, account)
  const fundings = intentOp.elements.map((e) => e.mandate.qualifier.settlementContext.fundingMethod)
  const escrowOps = c.shape.funding === 'ACCOUNT_ESCROW'
  expect({ case: label(c), elements: fundings.length, funding: fundings[0] }).toEqual({
    case: label(c),
    // Its escrow elements, then its destination element; on the wire the account's own ops.
    elements: c.shape.elements + (escrowOps ? 1 : 0),
    funding: escrowOps ? 'NO_FUNDING' : c.shape.funding,
  })
  const plan = planOf(signed)
  const steps = fillerSteps(c.shape)
  const done = c.step === 'submitted' ? 0 : steps.indexOf(c.step) + 1
  const notes: string[] = []
  let last: TransactionReceipt | undefined
  // A smart account is set up (EIP-7702 delegation) on every chain before the filler's first step.
  if (done > 0) {
    for (const s of setupSteps(signed, (signed.signedAuthorizations ?? []) as never))
      last = await oneFillerAtATime(() => stepBeforeCrash(intentOp.nonce, s.step, s.call))
  }
  for (const step of steps.slice(0, done))
    last = await oneFillerAtATime(() => stepBeforeCrash(intentOp.nonce, step, callOf(plan, step)))
  if (c.fault === 'reorg') {
    const client = chain.client(callOf(plan, c.step).chainId)
    expect(last!.blockNumber, `${label(c)}: the step is the chain's last block`).toBe(
      await client.getBlockNumber({ cacheTime: 0 }),
    )
    await client.request({ method: 'anvil_rollback', params: [1] } as never)
    expect(
      await client.getTransactionReceipt({ hash: last!.transactionHash }).catch(() => undefined),
      `${label(c)}: the step is dropped`,
    ).toBeUndefined()
    notes.push(`${c.step} dropped`)
  }
  const ownMoves: Amounts = new Map()
  if (c.fault !== 'crash' && c.fault !== 'reorg') {
    // The user acts on the first element the filler has not yet secured (the last one once all are;
    // an account's own escrow route's destination element draws nothing).
    const movable = escrowOps ? accountEscrowParts(intentOp).escrows : intentOp.elements
    const element = movable[Math.min(done, movable.length - 1)]!
    await userMove(
      c,
      account,
      intentOp,
      Number(element.chainId),
      element.idsAndAmounts.map(([id]) => BigInt(id)),
      ownMoves,
      notes,
      burner,
    )
  }
  const destination = Number(intentOp.elements.at(-1)!.mandate.destinationChainId)
  return {
    c,
    label: label(c),
    id: intentOp.nonce,
    intentOp,
    account: account.address,
    before,
    ownMoves,
    notes,
    prefilled: done > c.shape.elements,
    since: Date.now(),
    final: undefined,
    finalAt: 0n,
    destination,
  }
}

/** The user's move on `chainId`; a move the chain refuses is noted and changes nothing. */
async function userMove(
  c: MatrixCase,
  account: PrivateKeyAccount,
  intentOp: WireIntentOp,
  chainId: number,
  ids: bigint[],
  own: Amounts,
  notes: string[],
  burner?: Address,
) {
  const chain = suite.s.chain
  const client = chain.client(chainId)
  const send = (to: Address, data: Hex) => chain.send(chainId, { account, to, data, chain: client.chain })
  const attempt = async (what: string, receipt: () => Promise<TransactionReceipt>) => {
    try {
      const r = await receipt()
      add(own, `${chainId}:ETH`, -(r.gasUsed * r.effectiveGasPrice))
      notes.push(`${what} on ${chainId}`)
      return true
    } catch (error) {
      notes.push(
        `${what} on ${chainId} refused (` +
          (String((error as Error).message).match(
            /reverted with reason string '([^']*)'|Allocator: [^"\n]*|ResourceLocks: [^"\n]*/,
          )?.[0] ?? 'reverted') +
          ')',
      )
      return false
    }
  }
  const tokens = [...new Set(ids.map((id) => decodeLockId(id).token))]
  const nonce = BigInt(intentOp.nonce)
  const fresh = chain.freshAccount().address
  switch (c.fault) {
    case 'nonce-burn':
      if (c.shape.funding === 'PERMIT2') await attempt('nonce burned', () => burnPermit2Nonce(account, chainId, nonce))
      else
        await attempt('compact nonce burned', () => burnCompactNonce(account, chainId, nonce, BigInt(intentOp.expires)))
      return
    case 'approval-revoked':
      for (const token of tokens)
        await attempt('Permit2 approval revoked', () => revokePermit2(account, chainId, token))
      return
    case 'funds-moved':
      for (const token of tokens) {
        const held = await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
        if (held === 0n) continue
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [fresh, held] })
        if (await attempt(`${held} of ${assetOf(chainId, token)} moved away`, () => send(token, data)))
          add(own, `${chainId}:${assetOf(chainId, token)}`, -held)
      }
      return
    case 'unwrap': {
      const weth = chain.token(chainId, 'WETH').address
      const held = await chain.erc20Balance(chainId, 'WETH', account.address)
      if (held === 0n) notes.push(`no WETH left to unwrap on ${chainId}`)
      else
        await attempt(`${held} WETH unwrapped`, () =>
          send(weth, encodeFunctionData({ abi: wethAbi, functionName: 'withdraw', args: [held] })),
        )
      return
    }
    case 'lock-transferred':
      for (const id of ids) {
        const held = await chain.lockedBalance(chainId, account.address, id)
        const asset = assetOf(chainId, decodeLockId(id).token)
        const data = encodeFunctionData({ abi: lockContractAbi, functionName: 'transfer', args: [fresh, id, held] })
        if (await attempt(`the whole ${asset} lock (${held}) transferred`, () => send(addresses.theCompact, data)))
          add(own, `${chainId}:locked:${asset}`, -held)
      }
      return
    case 'forced-withdrawal':
      for (const id of ids) {
        const held = await chain.lockedBalance(chainId, account.address, id)
        const asset = assetOf(chainId, decodeLockId(id).token)
        await attempt('forced withdrawal enabled', () =>
          send(
            addresses.theCompact,
            encodeFunctionData({ abi: lockContractAbi, functionName: 'enableForcedWithdrawal', args: [id] }),
          ),
        )
        const data = encodeFunctionData({
          abi: lockContractAbi,
          functionName: 'forcedWithdrawal',
          args: [id, account.address, held],
        })
        if (await attempt(`the whole ${asset} lock withdrawn at once`, () => send(addresses.theCompact, data))) {
          add(own, `${chainId}:locked:${asset}`, -held)
          add(own, `${chainId}:${asset}`, held)
        }
      }
      return
    case 'validator-uninstalled':
      await attempt('validator uninstalled', () =>
        send(
          nexus.ownableValidator,
          encodeFunctionData({ abi: artifacts.ownableValidator.abi, functionName: 'onUninstall', args: ['0x'] }),
        ),
      )
      return
    case 'gas-heavy-call':
      if (!burner) throw new Error(`${label(c)}: a gas-heavy call needs the route's call`)
      // The call's contract is the user's own: 800k more turns, 32 M gas, far past what was charged.
      await raiseBurn(chain, 8453, burner, 800_000n)
      notes.push('the call on arrival made to burn 32 M gas')
      return
  }
}

/** A plain EOA's route through the API, signed as the client signs it, submitted. */
async function plainRoute(c: MatrixCase, account: PrivateKeyAccount) {
  const { intentOp, signed } = await routed(account, c.shape.request)
  const before = await holdingsOf(suite.s.chain, account.address)
  const submitted = await suite.s.submit(signed)
  expect(submitted.status, `${label(c)}: ${JSON.stringify(submitted.body)}`).toBe(201)
  return { intentOp, signed, before }
}

/** The same account as an EIP-7702 smart account of @rhinestone/sdk (its validator answers for its
 * signatures), its route with a call on arrival when given the contract to call, prepared, signed
 * and submitted by the SDK. */
async function smartRoute(c: MatrixCase, account: PrivateKeyAccount, burner?: Address) {
  const sdk = sdkClient({ baseUrl: suite.stack.baseUrl, apiKey: suite.apiKey, rpcUrls: suite.stack.devnet.rpcUrls })
  const smart = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [account] }, eoa: account })
  const [{ tokenAddress, amount }] = (c.shape.request as { tokenRequests: { tokenAddress: string; amount: string }[] })
    .tokenRequests as [{ tokenAddress: string; amount: string }]
  const prepared = await smart.prepareTransaction({
    sourceChains: [optimism],
    targetChain: base,
    calls: burner ? [{ to: burner, data: burnCall(burner, 1_000n).data }] : [],
    tokenRequests: [{ address: suite.s.chain.token(8453, tokenAddress).address, amount: BigInt(amount) }],
    eip7702InitSignature: await smart.signEip7702InitData(),
  })
  const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
  const before = await holdingsOf(suite.s.chain, account.address)
  const result = await smart.submitTransaction(
    await smart.signTransaction(prepared),
    await smart.signAuthorizations(prepared),
  )
  expect(String(result.id), label(c)).toBe(intentOp.nonce)
  const stored = await findIntent(suite.sql, BigInt(intentOp.nonce))
  if (!stored) throw new Error(`${label(c)}: the submitted intent is not stored`)
  return { intentOp, signed: stored.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }, before }
}

function callOf(plan: SettlementPlan, step: string) {
  const [kind, index] = step.split(':')
  if (kind === 'fill') return plan.fill.call
  const element = plan.elements[Number(index)]!
  return (kind === 'escrow' ? element.escrow : element.allocate)!.call
}

/** The filler's account sends one transaction at a time (its nonces), as its own send queue does. */
let fillerQueue: Promise<unknown> = Promise.resolve()
function oneFillerAtATime<T>(send: () => Promise<T>): Promise<T> {
  const next = fillerQueue.then(send)
  fillerQueue = next.catch(() => undefined)
  return next
}

async function inPool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}

/** Polls every case's status (one request at a time, not one loop per case) until `done` (and
 * `also`), for at most 60 s. */
async function untilAll(
  live: Live[],
  done: (body: any) => boolean,
  what: string,
  reached: (l: Live, body: any) => Promise<void>,
  also?: (l: Live) => Promise<boolean>,
) {
  const waiting = new Set(live)
  const until = Date.now() + 60_000
  while (waiting.size > 0) {
    for (const l of [...waiting]) {
      const body = await status(l.id)
      if (!done(body) || (also && !(await also(l)))) continue
      waiting.delete(l)
      await reached(l, body)
    }
    if (waiting.size === 0) break
    if (Date.now() > until) {
      const logs = suite.stack.logs().split('\n')
      const late = await Promise.all(
        [...waiting].map(
          async (l) =>
            `${l.label}: never reached ${what}: ` +
            `${JSON.stringify(await status(l.id)).slice(0, 400)}\n` +
            `${logs.filter((line) => line.includes('"service":') && line.includes(l.id)).join('\n')}`,
        ),
      )
      throw new Error(late.join('\n'))
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Drops, by a one-block re-org, each chain's last block where it holds the payout (release or
 * claim) of a completed case: once every intent is final the filler's payouts are the last
 * transactions on the origin chains. */
async function dropPayouts(live: Live[]): Promise<{ id: string; chainId: number; step: string }[]> {
  const chain = suite.s.chain
  const payouts = new Map<string, { id: string; chainId: number; step: string }>()
  for (const l of live) {
    if (l.final.status !== 'COMPLETED') continue
    for (const e of await journalOf(suite.sql, l.id))
      if (/^(release|claim):/.test(e.step))
        payouts.set(e.hash.toLowerCase(), { id: l.id, chainId: e.chainId, step: e.step })
  }
  const dropped: { id: string; chainId: number; step: string }[] = []
  for (const id of chainIds) {
    const client = chain.client(id)
    const head = await client.getBlock({ blockTag: 'latest' })
    const hits = head.transactions.map((hash) => payouts.get(hash.toLowerCase())).filter((p) => p !== undefined)
    if (hits.length === 0) continue
    await client.request({ method: 'anvil_rollback', params: [1] } as never)
    dropped.push(...hits)
  }
  return dropped
}

/** Whether every transaction the intent journaled is mined and succeeded. */
const onChain = (l: Live) => journalOnChain(suite.s.chain, suite.sql, l.id)

/** The destination chain's time: what the filler's deadlines are counted in. */
async function chainTime(l: Live) {
  return (await suite.s.chain.client(l.destination).getBlock()).timestamp
}
