import 'server-only'
import type { Address } from 'viem'
import { type SignedIntentOp, serializeIntentStatus } from '../api/intentOperation'
import { fieldError } from '../core/errors'
import { verifySubmission } from '../core/intent/verifySubmission'
import { accountEscrowParts, isAccountEscrowRoute } from '../core/intentOp/accountEscrow'
import type { WireIntentOp } from '../core/intentOp/intentOp'
// The intent lifecycle behind the handlers: accept a signed intent (after every check; nothing
// runs before it is stored), report its status, list an account's intents. The filler
// (lib/filler) settles what is stored here.
import { routeDestination } from '../core/intentOp/routeDestination'
import {
  findIntent,
  findIntentStatus,
  IntentExistsError,
  type IntentStatusRecord,
  insertIntent,
  listIntents,
} from '../storage/intentStore'
import { findRoute } from '../storage/routeStore'
import { recordSponsorship, sponsoredUsd } from '../storage/sponsorshipStore'
import { signInHint } from './accountAccess'
import { type Caller, issuerOf } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'
import { answeredRoute } from './issuedResponse'
import { rethrowCapReached } from './issueRoute'
import { withCursorField } from './routeHistory'
import { verifySponsorSignature } from './sponsorSignature'
import { verifySubmittedAuthorizations } from './submittedAuthorizations'

export async function submitIntent(
  submitted: SignedIntentOp,
  caller: Caller,
): Promise<{ id: string; status: 'PENDING'; dryRun?: true }> {
  const ctx = serverContext()
  const db = await database()
  const nonce = BigInt(submitted.nonce)
  const route = await findRoute(db, nonce)
  // Another key's route is as unknown as a route never issued: its existence is not disclosed.
  if (!route || route.issuedBy !== issuerOf(caller))
    throw notFound(
      `No such intent with nonce ${nonce}: no route with this nonce was issued to this API key`,
      'signedIntentOp.nonce',
    )
  const { intentOp: issued, intentCost } = (await answeredRoute(route, ctx.signer)).response
  if (!issued)
    throw notFound(
      `No such intent with nonce ${nonce}: no route with this nonce was issued to this API key`,
      'signedIntentOp.nonce',
    )

  await verifySubmission({
    issued,
    submitted,
    signer: ctx.signer.address,
    nowSeconds: BigInt(Math.floor(Date.now() / 1000)),
    verifyContractSignature: (chainId, typedData, signature) =>
      verifySponsorSignature(
        ctx.readers.find((r) => r.chainId === chainId),
        issued,
        typedData,
        signature,
      ),
  })
  await verifySubmittedAuthorizations(issued, submitted, ctx.readers)

  if (await findIntent(db, nonce)) throw alreadySubmitted(nonce)
  if (submitted.options?.dryRun) return { id: nonce.toString(), status: 'PENDING', dryRun: true }
  // A sponsored intent's cost to the operator goes in the ledger with the intent, in one
  // transaction, past the key's cap never (it may have been spent since the quote).
  const sponsored = sponsoredUsd(intentCost.sponsorFee)
  try {
    await db.transaction(async (tx) => {
      await insertIntent(tx, {
        nonce,
        sponsor: issued.sponsor,
        destinationChainId: routeDestination(issued),
        signedIntentOp: submitted,
        // One claim per element that draws funds (an ACCOUNT_ESCROW route's destination element draws none).
        claims: (isAccountEscrowRoute(issued) ? accountEscrowParts(issued).escrows : issued.elements).map(
          (e, elementIndex) => ({
            elementIndex,
            chainId: Number(e.chainId),
            status: 'PENDING',
          }),
        ),
        issuedBy: issuerOf(caller),
        fillDeadline: BigInt(firstElement(issued).mandate.fillDeadline),
        expires: BigInt(issued.expires),
      })
      if (sponsored.totalUsd !== '0') {
        await recordSponsorship(tx, {
          nonce,
          issuedBy: issuerOf(caller),
          keyId: caller.keyId,
          relayerUsd: sponsored.relayerUsd,
          protocolUsd: sponsored.protocolUsd,
        }).catch(rethrowCapReached)
      }
    })
  } catch (error) {
    if (error instanceof IntentExistsError) throw alreadySubmitted(nonce)
    throw error
  }
  return { id: nonce.toString(), status: 'PENDING' }
}

/** The intent and its journal's steps (the account operations among them are shown), in one read. */
export async function intentStatus(id: bigint, caller: Caller): Promise<IntentStatusRecord> {
  if (caller.browser && !caller.wallet) {
    const message =
      "Sign in with Ethereum to follow intents with the dashboard's " +
      `key: ${signInHint}, or use an API key of your own`
    throw fieldError('unauthenticated', 'id', message, { signIn: true }, { code: 'SIGN_IN_REQUIRED' })
  }
  const intent = await findIntentStatus(await database(), id)
  if (!intent || intent.issuedBy !== issuerOf(caller))
    throw notFound(`No such intent with nonce ${id}: nothing with this id was submitted with this API key`, 'id')
  return intent
}

/** A page of the sponsor's intents this key submitted, as the API answers it. */
export async function intentHistory(sponsor: Address, caller: Caller, p: { limit: number; cursor?: string }) {
  const page = await withCursorField(async () =>
    listIntents(await database(), sponsor, { ...p, issuedBy: issuerOf(caller) }),
  )
  return { intents: page.intents.map((i) => serializeIntentStatus(i)), nextCursor: page.nextCursor }
}

function notFound(message: string, field: string) {
  return fieldError('not_found', field, message)
}

function alreadySubmitted(nonce: bigint) {
  const message = `Intent ${nonce} was already submitted; follow it at GET /api/v1/intent-operation/${nonce}`
  return fieldError('conflict', 'signedIntentOp.nonce', message, { id: nonce.toString() })
}

function firstElement(intentOp: WireIntentOp): WireIntentOp['elements'][number] {
  const [first] = intentOp.elements
  if (!first) throw new Error('the route has no elements')
  return first
}
