// Runs a smart account's steps for one intent (lib/filler/accountSteps.ts) through the journal:
// its setup and pre-claim operations before anything is taken or filled, its destination
// operations once the fill is paid for. Each answers undefined when done, or the reason the
// intent fails (a step that would revert is never sent: sendStep simulates it first).
import { type Address, type Hex, isAddressEqual, type PublicClient } from 'viem'
import { shortReason } from '../core/errors'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import type { StoredIntent } from '../storage/intentStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from '../worker/fillerChains'
import { type AccountStep, destinationStep, preClaimSteps, setupSteps } from './accountSteps'
import { hasJournal, read, StepRevertedError, sendStep } from './sendStep'
import type { Call } from './step'

type Signed = WireIntentOp & { originSignatures: Hex[]; signedAuthorizations?: WireIntentOp['signedAuthorizations'] }

type RunParameters = {
  sql: Pick<Sql, 'query'>
  intent: StoredIntent
  chainOf: (chainId: number) => FillerChain
  confirmations: (chainId: number) => number
  log: (event: string, fields: Record<string, unknown>) => void
}

export async function runAccountSteps(p: RunParameters): Promise<string | undefined> {
  const signed = p.intent.signedIntentOp as Signed
  let setup: AccountStep[]
  try {
    setup = setupSteps(signed, signed.signedAuthorizations ?? [])
  } catch (error) {
    return `cannot be settled: ${shortReason(error)}; nothing was taken`
  }
  for (const s of setup) {
    const chain = p.chainOf(s.call.chainId)
    if (await read(chain, s.done)) continue
    const deployed = await deployedWithoutExecutor(chain, signed)
    if (deployed) return deployed
    const stale = await staleAuthorization(p, s, signed)
    if (stale) return stale
    const failure = await send(
      p,
      s,
      (reason) => `the account's setupOps on chain ${s.call.chainId} failed (${reason}); nothing was taken`,
    )
    if (failure) return failure
    if (!(await read(chain, s.done))) {
      return (
        `after its setupOps on chain ${s.call.chainId}, ${signed.sponsor} still does not run the intent executor ` +
        '(the setupOps do not deploy this account); nothing was taken'
      )
    }
    p.log('account set up', { id: p.intent.nonce, chainId: s.call.chainId })
  }
  for (const s of preClaimSteps(signed, signed.originSignatures)) {
    if (await read(p.chainOf(s.call.chainId), s.done)) continue
    const failure = await send(
      p,
      s,
      (reason) => `the pre-claim operations on chain ${s.call.chainId} failed (${reason}); nothing was taken`,
    )
    if (failure) return failure
  }
  return undefined
}

/** After the fill was delivered and paid for: the route's destination calls, run as the account. */
export async function runDestinationOps(p: RunParameters): Promise<string | undefined> {
  const signed = p.intent.signedIntentOp as Signed
  const destination = Number(signed.elements.at(-1)?.mandate.destinationChainId)
  const s = destinationStep(signed, signed.originSignatures, p.chainOf(destination).account.address)
  if (!s || (await read(p.chainOf(s.call.chainId), s.done))) return undefined
  const failure = await send(
    p,
    s,
    (reason) =>
      `delivered, but the destination calls failed on chain ${s.call.chainId} (${reason}); ` +
      'tokenOut is with the account',
  )
  if (!failure) p.log('destination calls ran', { id: p.intent.nonce, chainId: s.call.chainId })
  return failure
}

/**
 * Simulates the fill followed by the destination operations in one block on the destination
 * chain (eth_simulateV1), so calls that would revert once the tokens arrive fail the intent
 * before anything is taken or filled. Where the account's setupOps deploy it there through a
 * factory and have not run yet, the deployment goes first in the same block: calls that would
 * revert fail the intent before the filler pays for a deployment. An EIP-7702 delegation cannot be
 * simulated before it is sent: `beforeSetup` leaves such an account to the pass after its setup.
 * The reason, or undefined when they would run.
 */
export async function simulateDestinationOps(
  intent: StoredIntent,
  chainOf: (chainId: number) => FillerChain,
  fill: Call,
  options: { beforeSetup?: boolean } = {},
): Promise<string | undefined> {
  const signed = intent.signedIntentOp as Signed
  const s = destinationStep(signed, signed.originSignatures, chainOf(fill.chainId).account.address)
  if (!s) return undefined
  const chain = chainOf(s.call.chainId)
  if (await read(chain, s.done)) return undefined
  const setup = await pendingSetup(signed, chain)
  if (setup === 'unsimulated' && options.beforeSetup) return undefined
  const from = chain.account.address
  const first = setup && setup !== 'unsimulated' ? [{ account: from, ...setup }] : []
  const [block] = await (chain.client as PublicClient).simulateBlocks({
    blocks: [
      {
        calls: [
          ...first,
          { account: from, to: fill.to, data: fill.data, value: fill.value },
          // With the gas the route paid for: a call that needs more runs out here, not on chain.
          {
            account: from,
            to: s.call.to,
            data: s.call.data,
            value: s.call.value,
            ...(s.gasLimit === undefined ? {} : { gas: s.gasLimit }),
          },
        ],
      },
    ],
  })
  const results = block?.calls ?? []
  const calls = results.at(-1)
  // Nearly all of the limit used: out of gas (each call frame keeps back 1/64 of what it passes on).
  const outOfGas = calls?.status === 'failure' && s.gasLimit !== undefined && calls.gasUsed * 64n >= s.gasLimit * 60n
  if (outOfGas)
    return `the destination calls need more than the ${s.gasLimit} gas the route paid for; nothing was taken`
  const failed = results.find((c) => c.status === 'failure')
  if (failed)
    return `the destination calls would revert after the fill (${shortReason(failed.error)}); nothing was taken`
  return undefined
}

/** The account's setup on `chain` when it has not run yet: a factory deployment to simulate (its
 * call and gas); 'unsimulated' for an EIP-7702 delegation, or for an account deployed there without
 * the intent executor (runAccountSteps refuses it with that reason); undefined when there is none. */
async function pendingSetup(
  signed: Signed,
  chain: FillerChain,
): Promise<{ to: Address; data: Hex; gas?: bigint | undefined } | 'unsimulated' | undefined> {
  let setup: AccountStep | undefined
  try {
    setup = setupSteps(signed, []).find((x) => x.call.chainId === chain.chainId)
  } catch {
    return undefined // runAccountSteps says why
  }
  if (!setup || (await read(chain, setup.done))) return undefined
  if (isAddressEqual(setup.call.to, signed.sponsor)) return 'unsimulated'
  const code = await chain.client.getCode({ address: signed.sponsor })
  if (code !== undefined && code !== '0x') return 'unsimulated'
  return { to: setup.call.to, data: setup.call.data, gas: setup.gasLimit }
}

async function send(p: RunParameters, s: AccountStep, reason: (why: string) => string): Promise<string | undefined> {
  try {
    await sendStep({
      sql: p.sql,
      intent: p.intent.nonce,
      step: s.step,
      chain: p.chainOf(s.call.chainId),
      confirmations: p.confirmations(s.call.chainId),
      call: s.call,
      proof: s.proof,
      gasLimit: s.gasLimit,
    })
    return undefined
  } catch (error) {
    if (!(error instanceof StepRevertedError)) throw error
    return reason(error.message)
  }
}

/**
 * A deployed account without the intent executor (uninstalled since, or never installed): setupOps
 * that deploy it through a factory cannot change that, so nothing is sent for them. (An EIP-7702
 * setup, the account's own delegation, can: it is sent.)
 */
async function deployedWithoutExecutor(chain: FillerChain, signed: Signed): Promise<string | undefined> {
  const setup = signed.signedMetadata.account.setupOps[0]
  if (!setup || setup.to.toLowerCase() === signed.sponsor.toLowerCase()) return undefined
  const code = await chain.client.getCode({ address: signed.sponsor })
  if (code === undefined || code === '0x') return undefined
  return (
    `${signed.sponsor} is deployed on chain ${chain.chainId} but does not run the intent executor ` +
    '(its setupOps only deploy it); nothing was taken'
  )
}

/** An EIP-7702 setup needs the user's authorization for the chain, still at the account's nonce there. */
async function staleAuthorization(p: RunParameters, s: AccountStep, signed: Signed): Promise<string | undefined> {
  const setup = signed.signedMetadata.account.setupOps[0]
  if (!setup || setup.to.toLowerCase() !== signed.sponsor.toLowerCase()) return undefined
  const authorization = s.call.authorizationList?.[0]
  if (!authorization)
    return (
      `the account must delegate on chain ${s.call.chainId} (EIP-7702) ` +
      'and no authorization for that chain was submitted; nothing was taken'
    )
  if (await hasJournal(p.sql, p.intent.nonce, s.step)) return undefined
  const nonce = await p.chainOf(s.call.chainId).client.getTransactionCount({ address: signed.sponsor })
  if (nonce !== authorization.nonce) {
    return (
      `the EIP-7702 authorization for chain ${s.call.chainId} was signed for nonce ${authorization.nonce}, ` +
      `but the account's nonce there is now ${nonce}; nothing was taken`
    )
  }
  return undefined
}
/**
 * An account its setupOps deploy through a factory: the deployment and then its ops, simulated in one
 * block (eth_simulateV1), so ops that could not pay for the deployment (funds moved since the quote)
 * fail the intent before the filler pays for a deployment. The reason, or undefined.
 */
export async function setupThenOps(
  signed: WireIntentOp,
  steps: readonly Pick<AccountStep, 'call' | 'gasLimit'>[],
  chainOf: (chainId: number) => FillerChain,
): Promise<string | undefined> {
  let setups: AccountStep[]
  try {
    setups = setupSteps(signed, [])
  } catch {
    return undefined // runAccountSteps says why
  }
  for (const setup of setups) {
    if (isAddressEqual(setup.call.to, signed.sponsor)) continue // an EIP-7702 delegation: not simulated here
    const chain = chainOf(setup.call.chainId)
    const ops = steps.find((x) => x.call.chainId === setup.call.chainId)
    if (!ops || (await read(chain, setup.done))) continue
    // Deployed already: its setupOps are not sent (runAccountSteps says why it cannot run the ops).
    const code = await chain.client.getCode({ address: signed.sponsor })
    if (code !== undefined && code !== '0x') continue
    const from = chain.account.address
    const [block] = await chain.client.simulateBlocks({
      blocks: [
        {
          calls: [
            { account: from, to: setup.call.to, data: setup.call.data, gas: setup.gasLimit },
            { account: from, to: ops.call.to, data: ops.call.data, value: ops.call.value, gas: ops.gasLimit },
          ],
        },
      ],
    })
    const failed = block?.calls.find((c) => c.status === 'failure')
    if (failed) {
      const why = shortReason(failed.error)
      return `its ops would revert after its setupOps on chain ${setup.call.chainId} (${why}); nothing was taken`
    }
  }
  return undefined
}
