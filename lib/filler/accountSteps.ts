// The steps a smart account's intent adds around the claims and the fill, each one transaction
// sent through the journal (sendStep) and each with a read that tells whether it already happened:
// - setup: where the account has no code, its setupOps — the Nexus factory's createAccount, the
//   Safe proxy factory's createProxyWithNonce (a Safe with the Safe7579 adapter), or for
//   an EOA the EIP-7702 type-4 transaction carrying the user's authorization for that chain with
//   the Nexus `initializeAccount` call; done once the account reports the intent executor installed;
// - pre-claim: an element's `preClaimOps`, on its chain, through the intent executor;
// - destination: the route's `destinationOps`, on the destination chain after the fill, through
//   the intent executor (for an ACCOUNT_ESCROW route as its destination element's single-chain ops),
//   with exactly the gas the route charged for them (core/settlement/destinationGas.ts);
// - single-chain ops: for a route settled as the account's own ops (INTENT_EXECUTOR, NO_FUNDING),
//   each element's `destinationOps` on its `destinationChainId`, checked against the element's
//   `SingleChainOps` signature, with exactly the gas the route charged.
// The executor checks the account's own signature over the Mandate that carries these operations
// (the element's Permit2 or MultichainCompact signature); its ABI: lib/core/abi/intentExecutor.ts.
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hashStruct,
  isAddressEqual,
  parseEventLogs,
  type TransactionReceipt,
  zeroAddress,
} from 'viem'
import { intentExecutorAbi } from '../core/abi/intentExecutor'
import { accountSetup, nexus, nexusAccountAbi } from '../core/accounts/smartAccounts'
import { isAccountEscrowRoute } from '../core/intentOp/accountEscrow'
import type { WireIntentOp, WireOp } from '../core/intentOp/intentOp'
import { compactTypedData, compactTypes, mandateMessage, permit2TypedData } from '../core/intentOp/typedData'
import { singleChainOpsData } from '../core/route/ops'
import { SETUP_GAS } from '../core/route/request/accountSettles'
import { destinationGasLimit } from '../core/settlement/destinationGas'
import type { Read, Step } from './step'

/** A journaled step (its receipt must carry `proof`) and the read that tells it already happened. */
export type AccountStep = Step & { step: string; done: Read<boolean> }

type WireAuthorization = { chainId: number; address: Address; nonce: string | number; yParity: number; r: Hex; s: Hex }

/** The intent's last element, which carries the destination: a submitted intent has at least one. */
function lastElement(intentOp: WireIntentOp): WireIntentOp['elements'][number] {
  const last = intentOp.elements.at(-1)
  if (!last) throw new Error('the intent has no elements')
  return last
}

/** An element's origin signature: every element of a submitted intent is signed, so one missing throws. */
function signatureOf(originSignatures: readonly Hex[], elementIndex: number): Hex {
  const signature = originSignatures[elementIndex]
  if (signature === undefined) throw new Error(`element ${elementIndex} has no origin signature`)
  return signature
}

/** The chains where the account must run code for an intent, so where its setupOps are run: each
 * element's chain (its funds are claimed there under its signature, or its ops run there) — but an
 * account-escrow route's destination element, which draws nothing, only when it carries calls — and
 * the destination when calls on arrival run there. Tokens reach an undeployed account without it. */
export function intentChains(intentOp: WireIntentOp): number[] {
  const escrowRoute = isAccountEscrowRoute(intentOp)
  const chains = new Set<number>()
  for (const e of intentOp.elements) {
    if (escrowRoute && e.idsAndAmounts.length === 0 && e.mandate.destinationOps.ops.length === 0) continue
    chains.add(Number(e.chainId))
  }
  const last = lastElement(intentOp)
  if (last.mandate.destinationOps.ops.length > 0) chains.add(Number(last.mandate.destinationChainId))
  return [...chains]
}

/** A read that is true once the account exists with the intent executor installed. */
function deployedCheck(chainId: number, account: Address): Read<boolean> {
  return {
    chainId,
    to: account,
    data: encodeFunctionData({
      abi: nexusAccountAbi,
      functionName: 'isModuleInstalled',
      args: [2n, nexus.intentExecutor, '0x'],
    }),
    decode: (result: Hex) => result !== '0x' && BigInt(result) === 1n,
  }
}

/** The setup transaction per chain the intent touches; skipped (done) where the account already runs. */
export function setupSteps(intentOp: WireIntentOp, authorizations: readonly WireAuthorization[]): AccountStep[] {
  const account = intentOp.signedMetadata.account
  if (account.setupOps.length === 0) return []
  const setup = accountSetup(intentOp.sponsor, account.setupOps as { to: Address; data: Hex }[])
  if (!setup)
    throw new Error(
      'the account setupOps are not ones this filler runs (Nexus 1.2.0 and Safe 1.4.1 with the Safe7579 adapter only)',
    )
  return intentChains(intentOp).map((chainId) => {
    const call: Step['call'] = { chainId, to: setup.to, data: setup.data, value: 0n }
    if (setup.kind === 'eip7702-init') {
      const a = authorizations.find((x) => x.chainId === chainId)
      // Only a delegation to the Nexus implementation: other code could answer as the account and
      // spend the gas the route paid for on anything.
      if (a && !isAddressEqual(a.address, nexus.implementation)) {
        throw new Error(`the EIP-7702 authorization for chain ${chainId} delegates to ${a.address}, not to Nexus`)
      }
      if (a) {
        call.authorizationList = [
          { chainId: a.chainId, address: a.address, nonce: Number(a.nonce), yParity: a.yParity, r: a.r, s: a.s },
        ]
      }
    }
    // Done is read from the account afterwards (it runs the intent executor), not from this receipt.
    // With exactly the gas the route charged for it: setupOps that need more (modules whose install
    // burns gas) are never sent.
    const gasLimit = SETUP_GAS[setup.kind]
    return {
      step: `setup:${chainId}`,
      call,
      gasLimit,
      proof: () => true,
      done: deployedCheck(chainId, intentOp.sponsor),
    }
  })
}

function executorCall(
  intentOp: WireIntentOp,
  element: WireIntentOp['elements'][number],
  elementIndex: number,
  signature: Hex,
  destination: boolean,
): Hex {
  const nonce = BigInt(intentOp.nonce)
  const mandate = mandateMessage(element)
  if (element.mandate.qualifier.settlementContext.fundingMethod === 'COMPACT') {
    const compact = compactTypedData(intentOp)
    const elementHashes = compact.message.elements.map((data) =>
      hashStruct({ types: compactTypes, primaryType: 'Element', data }),
    )
    const signed = compact.message.elements[elementIndex]
    const [first] = intentOp.elements
    if (!signed || !first) throw new Error(`the compact has no element ${elementIndex}`)
    return encodeFunctionData({
      abi: intentExecutorAbi,
      functionName: 'executeCompactOps',
      args: [
        intentOp.sponsor,
        nonce,
        {
          notarizedChainId: BigInt(first.chainId),
          expires: BigInt(intentOp.expires),
          elementIndex: BigInt(elementIndex),
          elementHashes,
          arbiter: signed.arbiter,
          chainId: signed.chainId,
          commitments: signed.commitments,
        },
        mandate,
        destination,
        signature,
      ],
    })
  }
  const { message } = permit2TypedData(element, nonce, BigInt(intentOp.expires))
  return encodeFunctionData({
    abi: intentExecutorAbi,
    functionName: 'executePermit2Ops',
    args: [
      intentOp.sponsor,
      nonce,
      {
        chainId: BigInt(element.chainId),
        spender: message.spender,
        deadline: message.deadline,
        permitted: message.permitted,
      },
      mandate,
      destination,
      signature,
    ],
  })
}

function executedCheck(chainId: number, intentOp: WireIntentOp, destination: boolean): Read<boolean> {
  return {
    chainId,
    to: nexus.intentExecutor,
    data: encodeFunctionData({
      abi: intentExecutorAbi,
      functionName: destination ? 'destinationExecuted' : 'originExecuted',
      args: [intentOp.sponsor, BigInt(intentOp.nonce)],
    }),
    decode: (result: Hex) => result !== '0x' && BigInt(result) === 1n,
  }
}

/** The executor's event for this account, nonce and kind of operations. */
function executedProof(intentOp: WireIntentOp, destination: boolean) {
  return (receipt: TransactionReceipt) =>
    parseEventLogs({ abi: intentExecutorAbi, logs: receipt.logs, eventName: 'OpsExecuted' }).some(
      (log) =>
        isAddressEqual(log.address, nexus.intentExecutor) &&
        isAddressEqual(log.args.account, intentOp.sponsor) &&
        log.args.nonce === BigInt(intentOp.nonce) &&
        log.args.destination === destination,
    )
}

/** A route settled as the account's own single-chain ops: every element is INTENT_EXECUTOR with
 * NO_FUNDING (an OFT send included: its element's ops run on its source chain). */
export function isSingleChainRoute(intentOp: WireIntentOp): boolean {
  if (isAccountEscrowRoute(intentOp)) return false // escrowed, filled and released (settle/handlers.ts)
  return intentOp.elements.every((e) => {
    const c = e.mandate.qualifier.settlementContext
    return c.settlementLayer === 'INTENT_EXECUTOR' && c.fundingMethod === 'NO_FUNDING'
  })
}

/** Each element's single-chain ops, on the chain where they run, under its own signature. */
export function singleChainSteps(
  intentOp: WireIntentOp,
  originSignatures: readonly Hex[],
  relayer: Address,
): AccountStep[] {
  return intentOp.elements.map((element, i) =>
    singleChainStep(intentOp, element, i, signatureOf(originSignatures, i), relayer),
  )
}

/** One element's single-chain ops relayed through the executor's guarded entry, on the chain its
 * mandate names, with exactly the gas the route charged for them. */
export function singleChainStep(
  intentOp: WireIntentOp,
  element: WireIntentOp['elements'][number],
  i: number,
  signature: Hex,
  relayer: Address,
): AccountStep {
  const nonce = BigInt(intentOp.nonce)
  const chainId = Number(element.mandate.destinationChainId)
  const signedOps = {
    account: intentOp.sponsor,
    nonce,
    ops: { data: singleChainOpsData(element.mandate.destinationOps) },
    signature,
  }
  // The guarded entry: the transaction reverts unless the ops paid the relayer its fee (and spent
  // a prefund), whatever code answers as the account.
  const data = encodeFunctionData({
    abi: intentExecutorAbi,
    functionName: 'executeSinglechainOpsFor',
    args: [signedOps, relayTerms(element.mandate.destinationOps, relayer)],
  })
  const proof = (receipt: TransactionReceipt) =>
    parseEventLogs({ abi: intentExecutorAbi, logs: receipt.logs, eventName: 'SinglechainOpsExecuted' }).some(
      (log) =>
        isAddressEqual(log.address, nexus.intentExecutor) &&
        isAddressEqual(log.args.account, intentOp.sponsor) &&
        log.args.nonce === nonce,
    )
  const done: Read<boolean> = {
    chainId,
    to: nexus.intentExecutor,
    data: encodeFunctionData({
      abi: intentExecutorAbi,
      functionName: 'isStandaloneIntentNonceConsumed',
      args: [nonce, intentOp.sponsor],
    }),
    decode: (result: Hex) => result !== '0x' && BigInt(result) === 1n,
  }
  const gasLimit = destinationGasLimit(BigInt(element.mandate.minGas))
  // An OFT send's LayerZero fee goes to the account with the call (the route's prefundAmount).
  const value = BigInt(element.mandate.qualifier.settlementContext.prefundAmount ?? '0')
  return { step: `execute:${i}`, call: { chainId, to: nexus.intentExecutor, data, value }, gasLimit, proof, done }
}

/** What the ops pay the relayer: their transfers to it (an ERC-20 `transfer`, or native value), one fee token. */
export function relayTerms(op: WireOp, relayer: Address): { feeToken: Address; fee: bigint } {
  let terms = { feeToken: zeroAddress as Address, fee: 0n }
  const add = (feeToken: Address, amount: bigint) => {
    if (terms.fee > 0n && !isAddressEqual(terms.feeToken, feeToken)) {
      throw new Error('single-chain ops pay the relayer in more than one token')
    }
    terms = { feeToken, fee: terms.fee + amount }
  }
  for (const o of op.ops) {
    if (isAddressEqual(o.to, relayer) && BigInt(o.value) > 0n) add(zeroAddress, BigInt(o.value))
    if (o.data.length < 10) continue
    const call = erc20Call(o.data)
    if (call?.functionName === 'transfer' && isAddressEqual(call.args[0], relayer)) add(o.to, call.args[1])
  }
  return terms
}

function erc20Call(data: Hex) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined // not an ERC-20 call: pays the relayer nothing
  }
}

/** Each element's pre-claim operations, on its chain. */
export function preClaimSteps(intentOp: WireIntentOp, originSignatures: readonly Hex[]): AccountStep[] {
  return intentOp.elements.flatMap((element, i) => {
    if (element.mandate.preClaimOps.ops.length === 0) return []
    const chainId = Number(element.chainId)
    const call = {
      chainId,
      to: nexus.intentExecutor,
      data: executorCall(intentOp, element, i, signatureOf(originSignatures, i), false),
      value: 0n,
    }
    return [
      {
        step: `preclaim:${i}`,
        call,
        proof: executedProof(intentOp, false),
        done: executedCheck(chainId, intentOp, false),
      },
    ]
  })
}

/** The destination operations, carried by the last element's Mandate and covered by its signature:
 * through the executor's Permit2 or compact entry, or for an ACCOUNT_ESCROW route (whose destination
 * element is the account's `SingleChainOps` there) relayed as single-chain ops paying `relayer`. */
export function destinationStep(
  intentOp: WireIntentOp,
  originSignatures: readonly Hex[],
  relayer: Address,
): AccountStep | undefined {
  const last = intentOp.elements.length - 1
  const element = lastElement(intentOp)
  if (element.mandate.destinationOps.ops.length === 0) return undefined
  if (isAccountEscrowRoute(intentOp)) {
    const relayed = singleChainStep(intentOp, element, last, signatureOf(originSignatures, last), relayer)
    return { ...relayed, step: 'destination-ops' }
  }
  const chainId = Number(element.mandate.destinationChainId)
  const call = {
    chainId,
    to: nexus.intentExecutor,
    data: executorCall(intentOp, element, last, signatureOf(originSignatures, last), true),
    value: 0n,
  }
  // Exactly the gas the route charged for the calls (the Mandate's minGas) and the executor's own.
  const gasLimit = destinationGasLimit(BigInt(element.mandate.minGas))
  return {
    step: 'destination-ops',
    call,
    gasLimit,
    proof: executedProof(intentOp, true),
    done: executedCheck(chainId, intentOp, true),
  }
}
