// What a submitted intent must be before anything runs: the route this service issued, unchanged
// (so its server signature still holds), not expired, settleable by this deployment, and signed by
// its sponsor over exactly the typed data the client builds for it, one signature per element.
import { type Address, type Hex, isAddressEqual, recoverTypedDataAddress } from 'viem'
import { type ErrorDetail, InvalidInputError } from '../errors'
import { canonicalJson } from '../intentOp/canonicalJson'
import type { WireAuthorization, WireIntentOp } from '../intentOp/intentOp'
import { routeSigner } from '../intentOp/serverSignature'
import { type RouteTypedData, routeTypedData } from '../intentOp/typedData'

/** The signed intentOp a client submits: the route's intentOp and the sponsor's signatures (the
 * API schema in lib/api/intentOperation.ts is checked against it). */
export type SubmittedIntentOp = Omit<WireIntentOp, 'signedAuthorizations'> & {
  /** The client replaces the route's list with the authorizations it signed (absent when none). */
  signedAuthorizations?: WireAuthorization[] | undefined
  /** One per element, in element order. */
  originSignatures: Hex[]
  destinationSignature?: Hex | undefined
  targetExecutionSignature?: Hex | undefined
  options?: { dryRun?: boolean | undefined } | undefined
}

export type VerifySubmissionParameters = {
  /** The intentOp as this service issued it (from the route history). */
  issued: WireIntentOp
  submitted: SubmittedIntentOp
  /** The address that signs routes here. */
  signer: Address
  nowSeconds: bigint
  /** ERC-1271 check for a smart-account sponsor on the element's chain (simulating its setupOps when it is not
   * deployed yet). */
  verifyContractSignature?: (chainId: number, typedData: RouteTypedData, signature: Hex) => Promise<boolean>
}

/** Fields the client sends back beside the intentOp; everything else must be exactly as issued. */
const clientFields = new Set([
  'originSignatures',
  'destinationSignature',
  'targetExecutionSignature',
  'options',
  'signedAuthorizations',
])

export async function verifySubmission(p: VerifySubmissionParameters): Promise<void> {
  const { issued, submitted } = p
  const changed = Object.keys(issued).filter(
    (k) =>
      !clientFields.has(k) &&
      canonicalJson((issued as Record<string, unknown>)[k]) !==
        canonicalJson((submitted as Record<string, unknown>)[k]),
  )
  if (changed.length > 0) {
    throw invalid(
      changed.map((k) => ({
        message: `signedIntentOp.${k}: differs from the route this service issued with nonce ${issued.nonce}`,
        context: { field: `signedIntentOp.${k}` },
      })),
    )
  }
  const server = await routeSigner(issued).catch(() => undefined)
  if (!server || !isAddressEqual(server, p.signer)) {
    throw invalid([
      {
        message: 'signedIntentOp.serverSignature: not signed by this service',
        context: { field: 'signedIntentOp.serverSignature' },
      },
    ])
  }

  const [firstElement] = issued.elements
  if (!firstElement) throw new Error(`verifySubmission: the intentOp issued with nonce ${issued.nonce} has no elements`)
  const fillDeadline = BigInt(firstElement.mandate.fillDeadline)
  if (p.nowSeconds >= fillDeadline) {
    throw invalid([
      {
        message: `signedIntentOp: expired — it had to be filled by ${fillDeadline} (unix seconds); request a new route`,
        context: { field: 'signedIntentOp.elements.0.mandate.fillDeadline', fillDeadline: fillDeadline.toString() },
      },
    ])
  }

  const typedData = routeTypedData(issued, issued.sponsor)
  if (submitted.originSignatures.length !== typedData.length) {
    throw invalid([
      {
        message:
          `signedIntentOp.originSignatures: ${typedData.length} expected (one per element), ` +
          `got ${submitted.originSignatures.length}`,
        context: { field: 'signedIntentOp.originSignatures' },
      },
    ])
  }
  const problems: ErrorDetail[] = []
  for (const [i, typed] of typedData.entries()) {
    // One signature per typed data (counted above), one typed data per issued element.
    const signature = submitted.originSignatures[i]
    if (signature === undefined) throw new Error(`verifySubmission: no origin signature ${i}`)
    const element = issued.elements[i]
    if (!element) throw new Error(`verifySubmission: typed data ${i} has no issued element`)
    const field = `signedIntentOp.originSignatures.${i}`
    const recovered = await recoverTypedDataAddress({ ...typed, signature } as Parameters<
      typeof recoverTypedDataAddress
    >[0]).catch(() => undefined)
    if (recovered && isAddressEqual(recovered, issued.sponsor)) continue
    const chainId = Number(typed.domain?.chainId ?? element.chainId)
    if (p.verifyContractSignature && (await p.verifyContractSignature(chainId, typed, signature).catch(() => false)))
      continue
    problems.push({
      message:
        `${field}: not the sponsor's signature over element ${i}'s ${typed.primaryType} typed data` +
        (recovered ? ` (it recovers to ${recovered})` : ''),
      context: { field },
    })
  }
  if (problems.length > 0) throw invalid(problems)
}

function invalid(details: ErrorDetail[]): InvalidInputError {
  return new InvalidInputError(details.map((d) => d.message).join('; '), details)
}
