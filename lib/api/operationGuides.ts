// The per-field reference of the larger operations, in markdown: part of their OpenAPI descriptions
// (rendered at /docs), so the README can stay a short guide.

/** GET /accounts/{userAddress}/portfolio: parameters, the answer, how it is read and aggregated. */
export const portfolioGuide = `Query (all optional):

| Name          | Format                                                      | Example                                                           |
| ------------- | ----------------------------------------------------------- | ----------------------------------------------------------------- |
| \`chainIds\`    | comma-separated chain ids                                   | \`chainIds=1,10\`                                                   |
| \`tokens\`      | comma-separated \`chainId:tokenAddress\` (a symbol works too) | \`tokens=8453:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913,10:USDT0\` |
| \`filterEmpty\` | \`true\` or \`false\` (default)                                 | \`filterEmpty=true\`                                                |

\`chainIds\` and \`tokens\` together select their intersection. With \`filterEmpty=true\`, per-chain rows
whose locked and unlocked balances are both 0 are left out, and so are tokens with nothing left.

Response: one entry per asset, its total and its per-chain rows. Amounts are decimal
integer strings in the token's smallest unit.

\`\`\`json
{
  "portfolio": [
    {
      "tokenName": "USDC",
      "tokenDecimals": 6,
      "balance": { "locked": "500000000", "unlocked": "2050500000" },
      "tokenChainBalance": [{ "chainId": 10, "tokenAddress": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", "balance": { "locked": "500000000", "unlocked": "0" } }]
    }
  ]
}
\`\`\`

How it is read: per chain, one Multicall3 \`aggregate3\` call at one block reads the native balance,
every ERC-20 \`balanceOf\` and, for each configured lock tag, The Compact's
\`balanceOf(owner, lockId)\`; all chains in parallel (\`lib/core/portfolio/readBalances.ts\`).

Aggregation rules (\`lib/core/portfolio/aggregatePortfolio.ts\`):

- Tokens are grouped by asset: **ETH** (native ETH and WETH), **USDC**, **USDT** (USDT on Ethereum,
  USDT0 elsewhere). \`tokenName\` is the group's name; each per-chain row keeps its own token address,
  so a chain can have two rows (ETH and WETH).
- Decimals: an entry's \`tokenDecimals\` is the largest among its tokens, and a token with fewer
  decimals is scaled up exactly (× 10^k) — nothing is ever rounded. Today every group's tokens
  share their decimals (6 or 18), so no scaling happens.
- \`locked\` is the sum over the configured lock tags (the server's \`LOCK_TAGS\`; by default the tag
  \`@rhinestone/sdk\` deposits under, \`0x60e6d13bb05699a31a457679\`: scope 0, reset period 6, allocator
  \`0xc7732071e3a1be6cfce6d13bb05699a31a457679\`).

Lock ids (\`lib/core/locks/lockId.ts\`): a resource-lock id is \`lockTag (bytes12, top 96 bits) ‖ token
address (low 160 bits)\`, native ETH as address 0;
\`lockTag = scope (1 bit, 0 = multichain) << 95 | resetPeriod (3 bits) << 92 | allocatorId (92 bits)\` and
\`allocatorId = compactFlag (4 bits) << 88 | low 88 bits of the allocator address\`.
`

/** POST /intents/route: the request, how state is read, planning, fees, the answer. */
export const routeGuide = `Given the tokens wanted on a destination chain, returns a route the account can sign: an
\`intentOp\`, its \`intentCost\` and the \`tokenRequirements\` to meet first. Everything is computed
from chain state read for this request; nothing is a constant.

\`\`\`sh
curl -s -H "x-api-key: $(cat .devnet/demo-api-key)" -H 'content-type: application/json' \\
  http://localhost:3000/api/v1/intents/route -d '{
    "destinationChainId": 42161,
    "tokenRequests": [{ "tokenAddress": "USDC", "amount": "1000000000" }],
    "account": { "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "accountType": "EOA" }
  }'
\`\`\`

**Request** (the shape @rhinestone/sdk sends). Required: \`destinationChainId\`, \`tokenRequests\`
(1–10; \`tokenAddress\` is an address or a symbol; \`amount\` a decimal string — a safe-integer
number is accepted, a fraction, sign, exponent or unsafe number is not; at most one request may
omit \`amount\`, meaning "send the maximum"), \`account.address\`. Optional: \`recipient\`,
\`destinationExecutions\` (≤ 20, calldata ≤ 32 KiB each), \`destinationGasUnits\`,
\`accountAccessList\` (object form with \`chainIds\`, \`tokens\`, \`chainTokens\`, \`exclude\`, or the
legacy array \`[{ chainId, tokenAddress, amount? }]\` where \`amount\` caps what that pair gives;
an empty include-list — \`chainIds: []\`, \`tokens: []\`, \`chainTokens: {}\`, the legacy \`[]\` — restricts
nothing, as does \`options.settlementLayers: []\`),
\`preClaimExecutions\` (≤ 5 chains × 10), \`options.settlementLayers\`, \`options.sponsorSettings\`,
\`options.feeToken\` (symbol or address), and — an addition — \`signedAuthorizations\` /
\`recipientSignedAuthorizations\` (EIP-7702, below). Unknown fields are ignored. Body ≤ 1 MiB
(\`413 entity.too.large\`), JSON only (\`415\`), malformed JSON is \`400 entity.parse.failed\`.

**Reading.** Per chain, one Multicall3 round reads: balances and resource locks (the portfolio's
own calls), the block time, each ERC-20's allowance to Permit2, on OP-stack chains the
GasPriceOracle's \`l1BaseFee\`, \`blobBaseFee\`, \`baseFeeScalar\`, \`blobBaseFeeScalar\`, OFT
\`quoteSend\`/\`quoteOFT\` where USDT0 can travel, and on chain 1 the USD feeds; gas price, account
code and (when authorizations are supplied) the account nonce are fetched alongside. All chains
in parallel (\`lib/core/route/readRouteState.ts\`).

**Planning** (\`lib/core/route/planRoute.ts\`). For each requested token, candidate sources are
the same asset on every chain the access list allows, over each layer that carries it to the
destination — ACROSS, ECO or RELAY for USDC, WETH and ETH between all four chains; OFT for
USDT/USDT0 between 1, 10 and 42161 (only for an account that can send it itself); the destination
chain itself with no bridge. Locked funds settle with \`fundingMethod: COMPACT\`; unlocked ERC-20
with \`PERMIT2\`; unlocked native ETH is spent as WETH (a \`wrap\` requirement), keeping 300k gas worth
of ETH for the user's own transactions, and WETH already held is spent before any wrap; OFT moves
from the account itself through the intent executor (\`INTENT_EXECUTOR\`, \`NO_FUNDING\`,
\`bridge: { type: 'OFT', … }\`). Two rules make every route signable and settleable: **one signing
scheme per route** — all \`COMPACT\`, all \`PERMIT2\`, or all executor — because the client signs one
scheme for the whole route; and **one element per source chain**, with one layer for everything
drawn there (Permit2 nonces are single-use per owner; the Compact consumes its nonce per chain).
Each scheme with sources is planned on its own; the cheapest plan that covers every request and
the fee wins (ties: COMPACT, then PERMIT2). The plan is **the cheapest under the fee model**, not a
greedy guess: per chain the cost is a fixed charge (claim gas, the layer's fixed fee) plus a
linear part (bps), so the optimum lies at a vertex — some sources drawn in full and at most one in
part — and the planner searches those exactly (proved in unit tests against a brute-force search
over generated states). Fees depend on the sources and vice versa, so each scheme's plan is
re-drawn until the fee it charges is the fee it causes. If no scheme covers the request, the
shortfall reports the scheme that comes closest (its available amount, not the sum over schemes).

**Fees** (\`lib/core/route/feeModel.ts\`), all in exact integers, USD with 8 decimals:

| part     | how                                                                                                                                                                                                                                                                                                                                                                                                                                 |
| -------- | ----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------- |
| gas      | per element, claim units (\`COMPACT\` 110k + 25k/token, \`PERMIT2\` 95k + 30k/token, OFT send 180k) × the chain's gas price, plus the OP-stack L1 data fee (Ecotone: \`(16·bytes + 1088) · (16·baseFeeScalar·l1BaseFee + blobBaseFeeScalar·blobBaseFee) / 16e6\`) for an estimated calldata size; one fill on the destination (80k + 35k/token + the executions' gas: \`destinationGasUnits\`, or 60k per execution + 16 per calldata byte) |
| bridge   | ACROSS 4 bps + $0.05, ECO 5 bps + $0.03, RELAY 6 bps + $0.02 per source; OFT: the adapter's quoted native fee plus what \`quoteOFT\` says is kept; same chain: 0                                                                                                                                                                                                                                                                      |
| protocol | \`PROTOCOL_FEE_BPS\` (default 3) of what is delivered                                                                                                                                                                                                                                                                                                                                                                                 |

ETH costs are priced with the ETH/USD feed; the user's share is charged in \`options.feeToken\`'s
asset (default: the first requested token's asset), rounded up. \`sponsorSettings\`
(\`gasSponsored\`, \`bridgeFeesSponsored\`, \`swapFeesSponsored\`, \`protocolFeesSponsored\`) moves a part
from the user to the sponsor; \`intentCost.sponsorFee\` shows the sponsor's share in USD.

**Response** (the shape @rhinestone/sdk reads):

- \`intentOp\`: \`sponsor\`, a fresh \`nonce\` (a database sequence shared by every instance, started at
  the migration's time in microseconds: unique, and within int64 as the hosted schema declares it),
  \`expires\` (fill deadline + 600 s to claim), \`elements\` — one per source chain, the destination
  chain's last — each with its \`arbiter\` (the layer's settlement
  contract), \`idsAndAmounts\`/\`spendTokens\` (\`[lockId, amount]\`, lock id = lockTag ‖ token),
  and a \`mandate\` (recipient, \`tokenOut\` as \`[lockId, amount]\`, destination chain, fill deadline =
  destination block time + \`ROUTE_TTL_SECONDS\`, \`preClaimOps\`/\`destinationOps\` as
  \`{ vt, ops }\` — \`vt\` is an ERC-7579 mode word, first byte 0x00 single / 0x01 batch — the
  qualifier and \`minGas\`). The destination executions ride on the last element.
- \`qualifier.encodedVal\` = \`abi.encode(string settlementLayer, string fundingMethod, bool using7579, bytes layerData)\`;
  \`layerData\` is empty for SAME_CHAIN/ACROSS, \`abi.encode(uint256 provingFee)\` for ECO,
  \`abi.encode(bytes32 requestId, bytes32 orderId)\` for RELAY, and for INTENT_EXECUTOR
  \`abi.encode((address token, uint256 exchangeRate, uint256 overhead) gasRefund, (uint32 dstEid, uint256 dstChainId, uint256 minAmountLD, address adapter) bridge)\`
  (\`lib/core/route/settlementContext.ts\`). Signatures commit to \`keccak256(encodedVal)\`.
- \`signedMetadata\`: \`tokenPrices\`, \`gasPrices\`, \`opGasParams\` (+ \`estimatedCalldataSize\`),
  \`account\`/\`recipient\` with \`accountContext\` per chain read from code (EOA, EIP-7702 delegated,
  or contract) and \`requiredDelegations\`, \`quotes\` per layer, \`fees\`, \`executionTokensReceived\`.
- \`serverSignature\`: EIP-191 \`personal_sign\` by the server key over
  \`keccak256(canonicalJson(intentOp without serverSignature))\` — canonical JSON sorts object keys
  at every level, no whitespace (\`lib/core/intentOp/serverSignature.ts\`). The signer's address is
  public at \`GET /api/v1/signer\`; verify with viem
  \`recoverMessageAddress({ message: { raw: routeDigest(intentOp) }, signature })\`.
- \`intentCost\`: \`hasFulfilledAll\`, \`tokensSpent\` per chain and token (\`locked\`/\`unlocked\`),
  \`tokensReceived\` per token (\`amountSpent\`, \`targetAmount\`, \`fee\`, \`hasFulfilled\`),
  \`sponsorFee\`, \`gasCost\`, \`feeBreakdownUSD\`, \`feeToken\`. Token amounts are decimal strings in
  base units (exact) where the spec shows numbers; USD figures are numbers.
- \`tokenRequirements\`: \`{ [chainId]: { [token]: { type: 'approval', amount, spender: Permit2 } } }\`
  where the on-chain allowance falls short, and \`{ [chainId]: { "0x000…000": { type: 'wrap', amount } } }\`
  where native ETH must be wrapped into WETH first.

**When funds fall short** the answer is still \`200\`: \`intentOp: null\`,
\`intentCost.hasFulfilledAll: false\`, and \`tokenShortfall\` (per token: target, fee, available,
shortfall in base units and USD) plus \`totalTokenShortfallInUSD\`. When nothing the access list
and settlement layers allow can ever bring the token to the destination: \`422 No Path Found\`.

**EIP-7702.** \`account.delegations: { [chainId]: { contract } }\` declares the delegate per chain;
\`signedMetadata.account.requiredDelegations\` lists the chains where the account's code is not yet
\`0xef0100 ‖ contract\`. Authorizations supplied in \`signedAuthorizations\` must be signed by the
account, name the declared delegate for their chain (chain id 0 is refused) and carry the
account's next nonce there; each is carried into \`intentOp.signedAuthorizations\`, and a bad one
is a 400 naming it — never dropped.

**Signing.** \`lib/core/intentOp/typedData.ts\` builds exactly the EIP-712 typed data
\`@rhinestone/sdk\` signs — \`SingleChainOps\` per element if any element settles through the intent
executor, else \`PermitBatchWitnessTransferFrom\` per element if any is Permit2-funded, else the
\`MultichainCompact\` — byte for byte (tested against the SDK's own builders). Note: the client's
Compact domain uses \`verifyingContract 0x73d2dc0c21fca4ec1601895d50df7f5624f07d3f\`, not The
Compact's address; we follow the client.

**Details worth knowing.**

- Each chain's settlement layer is chosen for the amount it actually moves, not its whole balance.
- A request without \`amount\` delivers everything the allowed sources hold minus the fee for what it
  delivers (the fee is a fixed point: the plan collects exactly the fee it causes).
- A legacy access-list \`amount\` caps the pair as a whole, locked and unlocked together.
- When the account holds enough but no allowed layer can bring it (e.g. \`settlementLayers: ['OFT']\`
  for USDC held elsewhere), the answer is \`422 No Path Found\`, not a shortfall.
- OFT: the account's own \`send\` carries LayerZero's native fee as its value, so the account needs
  that much ETH on the source chain (a source without it is not used); it is reported in
  \`intentCost.nativeFees\` and not charged again. The send bridges exactly what the recipient is
  owed; the route's fee stays on the source chain for the executor's gas refund.
- The fixed part of a bridge fee is paid once per element; a fee paid in another asset
  (\`options.feeToken\`) is drawn by elements with an empty \`tokenOut\`, which pay claim gas but no
  bridge fee.
- \`requiredDelegations\` lists the chains the route touches (the recipient's: the destination).
- The history stores the validated request (unknown fields dropped), not the raw body.
- \`destinationGasUnits\` is capped at 30,000,000 (a block); chain-keyed objects (\`delegations\`,
  \`chainTokens\`, \`preClaimExecutions\`) take chain ids without leading zeros.
- An EIP-7702 authorization for a chain this deployment does not serve is a 400; one for a chain
  that does not answer right now is a 503 — it is never carried unchecked.
- \`preClaimExecutions\`: empty lists (the client's placeholder for every source chain) are accepted;
  operations for a chain the route takes no funds from are a 400 (they would never run); so are
  \`amount: "0"\` and the same token requested twice.
- Calls the account could never run are refused up front, naming the field: \`destinationExecutions\`
  (and a call-only request, \`tokenRequests: []\`) when the recipient has no code on the destination
  (an EOA without an EIP-7702 delegation), \`preClaimExecutions\` likewise on the source chain. A
  call-only intent for an account with code is \`422\`: it needs the intent executor, which this
  deployment does not operate.
- USDT0 crosses chains only as the account's own OFT send: for an EOA with no code anywhere the
  answer is \`422 No Path Found\` with that reason in \`errors[0].context.reason\`.
- \`destinationGasUnits\` can raise the gas charged for the executions, never lower it below the
  engine's own estimate (60k per execution + 16 per calldata byte): the signed fee always covers it.
- \`options.customDeadline\` (unix seconds) sets the fill deadline, from a minute away up to the
  route lifetime; \`options.topupCompact: true\`, \`appFees\`, \`protocolFees\` and \`auxiliaryFunds\` are
  not supported and refused by name (400), never ignored.
- \`account.delegations: { "0": { contract } }\` (how the client writes it) means every chain. \`SAME_CHAIN\` and \`NEAR\` in
  \`settlementLayers\` are accepted and change nothing (same-chain funds are always used first; NEAR
  reaches none of these chains).
- Gas prices are \`eth_gasPrice\`; each transaction's gas is rounded down to USD, and the fee in the
  fee token rounded up.
`

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
Routes this deployment's filler cannot settle — elements through the intent executor (OFT),
pre-claim or destination operations, EIP-7702 delegations to perform — are refused with \`422\` and
the reason, before anything is stored.

**Status.** \`{ id, status, destinationChainId, userAddress, claims: [{ chainId, status,
claimTimestamp, claimTransactionHash }], fillTimestamp, fillTransactionHash, failureReason,
refunds: [{ chainId, status, transactionHash, timestamp, reason }], submittedAt, updatedAt }\`. It
exists as soon as submit has answered. An intent that was not filled before its deadline ends
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

/** Every error status, for the document's own description. */
export const errorGuide = `Every error status carries one envelope, which \`@rhinestone/sdk\` parses into its typed errors:

\`\`\`json
{ "message": "Unsupported chain 999", "errors": [{ "message": "Unsupported chain 999", "context": { "field": "chainIds", "chainId": 999 } }], "traceId": "4f0c…" }
\`\`\`

| Status    | When                                                                                       | \`message\`                                                                                   |
| --------- | ------------------------------------------------------------------------------------------ | ------------------------------------------------------------------------------------------- |
| 400       | a malformed value; \`errors[].context.field\` names it                                       | e.g. \`chainIds.0: must be a decimal chain id\`                                               |
| 400       | a chain that is not served                                                                 | \`Unsupported chain {id}\`                                                                    |
| 400       | an unknown token address / symbol on a chain                                               | \`Token {address} not supported on chain {id}\` / \`Unsupported token {SYMBOL} for chain {id}\` |
| 401       | no \`x-api-key\`                                                                             | \`Authentication is required\`                                                                |
| 403       | a key without the operation's scope, or the browser key outside a same-origin page request | \`Insufficient permissions\`                                                                  |
| 413 / 415 | body over 1 MiB / not JSON                                                                 | \`entity.too.large\` / \`Content-Type must be application/json…\`                               |
| 422       | no allowed path can bring the token                                                        | \`No Path Found\`                                                                             |
| 400       | malformed JSON                                                                             | \`entity.parse.failed\`                                                                       |
| 400       | two token requests without an amount                                                       | \`Only one target token amount can be unset\`                                                 |
| 401       | an unknown key                                                                             | \`Invalid API key\`                                                                           |
| 404       | an unknown \`/api\` path (JSON, never HTML)                                                  | \`No API route …\`                                                                            |
| 405       | a method the route does not serve (with \`Allow\`)                                           | \`Method … not allowed; use GET\`                                                             |
| 503       | a chain's RPC failed (with \`Retry-After\`)                                                  | \`Chain {id} is unavailable\`                                                                 |

The \`traceId\` is also sent as the \`x-trace-id\` header; a caller's \`x-request-id\` (a token of up to
64 characters from \`[A-Za-z0-9_.:-]\`) is used as the trace id when present.

**Keys and scopes.** Send the key as \`x-api-key\`. An issued key looks like \`ir_<prefix>_<secret>\` and
carries scopes: \`portfolio:read\` (portfolio, prices, chains), \`routes:create\` (route, submit,
split), \`routes:read\` (route history, intents, status) and \`routes:sponsor\` (any
\`options.sponsorSettings\`: the operator pays those fees). A key without the operation's scope is
\`403 Insufficient permissions\`; a revoked or unknown key \`401 Invalid API key\` (revocation holds
within one second). A key sees only the routes and intents it issued or submitted itself:
another key's (or another account's) nonce or intent id is a \`404\`, as if it never existed.

**The dashboard's browser key** is publishable (anyone can read it from the page) and is accepted
only on requests the browser marks \`Sec-Fetch-Site: same-origin\`. Without a sign-in it serves the
portfolio, prices and chains; routes, submissions, history and intents are \`401\` with
\`errors[0].context.signIn: true\`. After Sign-In with Ethereum (\`/auth/nonce\`, then
\`POST /auth/session\`, which sets an \`HttpOnly; SameSite=Strict\` cookie for at most 24 h) they
serve the signed-in wallet's own address only (another address: \`403\`). It never has
\`routes:sponsor\` (a sponsored request is \`403\` naming \`options.sponsorSettings\`).

**Rate limits.** Every keyed answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`,
\`RateLimit-Reset\` and \`RateLimit-Policy\` (e.g. \`600;w=60\`). Over the limit:
\`429 Too many requests\` with \`Retry-After\` (seconds) and \`errors[0].context\`
\`{ limit, windowSeconds, retryAfterSeconds }\`. Repeated failed authentications (unknown keys, bad
sign-ins) from one client address are answered \`429\` instead of \`401\` once its budget for that key
prefix (or for sign-in) is spent; a valid key or sign-in is always checked first and never refused
for others' failures.

**When a chain is down.** A portfolio or route leaves out a source chain that does not answer and
still answers \`200\`, with \`warnings: [{ code: 'CHAIN_UNAVAILABLE', chainId, message }]\` and the
header \`x-unavailable-chains\` (comma-separated chain ids). When no chain answers a portfolio, or
the route's destination chain (or the chain its USD prices come from) does not answer, the answer
is \`503 Chain {id} is unavailable\` with \`Retry-After\`. Nothing is remembered about a dead node:
the next request tries it again.

**Bodies and bounds.** Request bodies are JSON (\`content-type: application/json\`, else \`415\`), at
most 1 MiB (\`413 entity.too.large\`); malformed JSON is \`400 entity.parse.failed\`. Every list and
string is bounded and the bound is in the \`400\`'s message; a route request may be at most 64 KiB
once validated (\`400\` naming \`body\`), since it is stored with the route.

**CORS and caching.** Any origin may call the API (\`Access-Control-Allow-Origin: *\`, methods
\`GET, POST, DELETE\`, request headers \`content-type, x-api-key, x-sdk-version, x-api-version,
x-request-id\`, no credentials; preflights \`204\`, cached 10 minutes); the trace, rate-limit,
\`Retry-After\` and \`x-unavailable-chains\` headers are exposed. Answers are \`Cache-Control: no-store\`.
`
