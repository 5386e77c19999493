// Part of the OpenAPI description (rendered at /docs): the per-field reference of one operation
// family in markdown, so the README can stay a short guide.

/** POST /intent-operations and GET /intent-operation/{id}: what is accepted and the status. */
export const submitGuide = `The rest of the lifecycle the client calls. \`@rhinestone/sdk\`'s own
\`submitIntent\` and \`getIntentOpStatus\` work against it unchanged (compatibility suite).

\`\`\`sh
# body: { "signedIntentOp": { ...the route's intentOp, "originSignatures": [...], "destinationSignature": "0x…" } }
curl -s -H "x-api-key: $KEY" -H 'content-type: application/json' localhost:3000/api/v1/intent-operations -d @signed.json
# → 201 { "result": { "id": "<nonce>", "status": "PENDING" } }
curl -s -H "x-api-key: $KEY" localhost:3000/api/v1/intent-operation/<nonce>
\`\`\`

**What is accepted.** Only a route this service issued to the same API key (another key's route
is a 404, as if it did not exist), with every field exactly as issued (a changed field is a 400
naming it: the server signature must still hold), before its fill deadline, not submitted before
(a second submission is \`409\`, with the id in \`errors[0].context.id\`; it never settles twice),
with one origin signature per element that recovers to the sponsor over exactly the typed data the
client builds (or passes ERC-1271 for a sponsor with code). \`options.dryRun: true\` runs every check,
stores and executes nothing, and answers \`201 { result: { id, status: 'PENDING', dryRun: true } }\`.
What this deployment cannot settle is refused when it is quoted (\`422\` with the reason), so every
route it issued settles: fills, the account's own single-chain ops through the intent executor
(OFT sends included), pre-claim and destination operations, EIP-7702 delegations.

**Status.** \`{ id, status, destinationChainId, userAddress, claims: [{ chainId, status,
claimTimestamp, claimTransactionHash }], fillTimestamp, fillTransactionHash, delivery, failureReason,
refunds: [{ chainId, status, transactionHash, timestamp, reason }], submittedAt, updatedAt }\`. It
exists as soon as submit has answered. \`delivery: "transfer"\` says a re-org undid the fill after the
filler was paid and too late to fill again, so the filler transferred tokenOut to the recipient
directly (\`fillTransactionHash\` is that transfer). An intent that was not filled before its deadline ends
\`FAILED\` with \`failureReason: "expired: …"\` and \`expired: true\` (the client stops polling on
\`FAILED\`, not on \`EXPIRED\`). Unknown ids are \`404\` (\`No such intent with nonce …\`, which the
client maps to \`IntentNotFoundError\`).

**Settlement order.** The filler is paid only against proof that it delivered. _Unlocked funds
(Permit2):_ \`PENDING\` → each origin chain's funds move into its arbiter's escrow (\`CLAIMED\`; the
claim's transaction is the escrow) → the fill delivers every \`tokenOut\` on the destination
(\`FILLED\`) → an attester signs what it saw of the fill and each escrow is released to the filler
against that signature (\`COMPLETED\`). _Locked funds (The Compact):_ \`PENDING\` → the fill, from the
filler's own inventory (\`FILLED\`) → each origin chain's locks are claimed against the attestation
(\`COMPLETED\`). \`FILLED\` already means delivered (the client stops there). Before anything is sent
the filler checks the deadline, that the route's nonce is unused on every origin chain (a nonce
used by anyone else fails the intent with nothing sent), lock balances, and simulates every step.

**Refunds.** If a Permit2 route fails after some escrows (an approval pulled, the fill deadline
passed, no attester), the intent is \`FAILED\` at once with \`refunds: [{ chainId, status: 'PENDING',
reason }]\`; each escrow is refundable 300 s after the fill deadline (the arbiter's \`REFUND_DELAY\`),
when the filler sends \`refund(sponsor, nonce)\` and the entry becomes \`COMPLETED\` with its
\`transactionHash\`. Anyone may call the arbiter's \`refund\`; the tokens only go back to the sponsor.
Every intent is final by its \`expires\` (fill deadline + 600 s).

\`GET /api/v1/accounts/{userAddress}/intents\` (beyond the hosted API) lists the intents this key
submitted for an account, newest first, with \`limit\` and \`cursor\` as route history.

**What one route may contain** (so that the client's signatures can settle it): the client signs
_one_ scheme for a whole route — a Permit2 message per element if any element is Permit2-funded,
else the Compact — so a route is all \`COMPACT\` (locked funds) or all \`PERMIT2\` (unlocked funds),
never both; and one element per source chain (Permit2 nonces are single-use per owner, and the
Compact consumes its nonce per chain). The planner chooses the cheaper of the two schemes that
covers the request.
`
