// Part of the OpenAPI description (rendered at /docs): the per-field reference of one operation
// family in markdown, so the README can stay a short guide.

/** POST /intents/route: the request, how state is read, planning, fees, the answer. */
export const routeGuide =
  `Given the tokens wanted on a destination chain, returns a route the account can sign: an
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
omit \`amount\`, meaning "send the maximum"), \`account.address\`. Optional: \`recipient\` (not
the zero address, a burn address, a token contract or one of the service's own contracts: \`400\`
naming \`recipient.address\`, as the dashboard refuses them),
\`destinationExecutions\` (≤ 20, calldata ≤ 32 KiB each), \`destinationGasUnits\`,
\`accountAccessList\` (object form with \`chainIds\`, \`tokens\`, \`chainTokens\`, \`exclude\`, or the
legacy array \`[{ chainId, tokenAddress, amount? }]\` where \`amount\` caps what that pair gives;
an empty include-list — \`chainIds: []\`, \`tokens: []\`, \`chainTokens: {}\`, the legacy \`[]\` — restricts
nothing, as does \`options.settlementLayers: []\`),
\`preClaimExecutions\` (≤ 5 chains × 10), \`options.settlementLayers\`, \`options.sponsorSettings\`,
\`options.feeToken\` (symbol or address), and — an addition — \`signedAuthorizations\` /
\`recipientSignedAuthorizations\` (EIP-7702, below); \`delegations\` and \`chainTokens\` name at most 16
chains. Unknown fields are ignored. Body ≤ 1 MiB and 20,000 JSON values (\`413 entity.too.large\`),
nested ≤ 64 levels (\`400 JSON_TOO_DEEP\`), JSON only (\`415\`), malformed JSON is \`400 entity.parse.failed\`.

**Reading.** Per chain, one Multicall3 round reads: balances and resource locks (the portfolio's
own calls), the block time, each ERC-20's allowance to Permit2, on OP-stack chains the
GasPriceOracle's \`l1BaseFee\`, \`blobBaseFee\`, \`baseFeeScalar\`, \`blobBaseFeeScalar\`, OFT
\`quoteSend\`/\`quoteOFT\` where USDT0 can travel, and on chain 1 the USD feeds; gas price, account
code and (when authorizations are supplied) the account nonce are fetched alongside. Only the
chains the request can use are read — the destination, chain 1 for prices, the chains the access
list allows for the route's assets and those the request names — all in parallel
(\`lib/core/route/state/\`).

**Planning** (\`lib/core/route/plan/\`). For each requested token, candidate sources are
the same asset on every chain the access list allows, over each layer that carries it to the
destination — ACROSS, ECO or RELAY for USDC, WETH and ETH between all four chains; OFT for
USDT/USDT0 between 1, 10 and 42161 (only for an account that can send it itself); the destination
chain itself with no bridge. Locked funds settle with \`fundingMethod: COMPACT\`; unlocked ERC-20
with \`PERMIT2\`; unlocked native ETH is spent as WETH (a \`wrap\` requirement), keeping 300k gas worth
of ETH for the user's own transactions, and WETH already held is spent before any wrap; OFT moves
from the account itself through the intent executor (\`INTENT_EXECUTOR\`, \`NO_FUNDING\`,
\`bridge: { type: 'OFT', … }\`); a smart account's (or 7702 EOA's) unlocked ERC-20 on another chain,
where it runs ops, goes into the origin arbiter's escrow by its own signed ops instead of Permit2
(no approval, even undeployed: every element \`INTENT_EXECUTOR\` / \`NO_FUNDING\`, the last one the
destination's, drawing nothing). Two rules make every route signable and settleable: **one signing
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

| part     | how                                                                                                    ` +
  `                                                                                                                 ` +
  `                                                                                                                 ` +
  `                                                                                           |
| -------- | ` +
  `--------------------------------------------------------------------------------------------------------------` +
  `--------------------------------------------------------------------------------------------------------------` +
  `--------------------------------------------------------------------------------------------------------------` +
  `----------------------------------------------------------------------------------------- ` +
  `|
| gas      | per element, claim units (\`COMPACT\` 110k + 25k/token, \`PERMIT2\` 95k + 30k/token, OFT send 180k) × ` +
  `the chain's gas price, plus the OP-stack L1 data fee (Ecotone: \`(16·bytes + 1088) · (16·baseFeeScalar·l1BaseFee ` +
  `+ blobBaseFeeScalar·blobBaseFee) / 16e6\`) for an estimated calldata size; one fill on the destination (80k + ` +
  `35k/token + the executions' gas: their simulated gas + a tenth, or 60k per execution + 16 per calldata byte when ` +
  `they cannot run yet, or \`destinationGasUnits\` if more; plus 200k for the intent executor when there are ` +
  `executions) |
| bridge   | ACROSS 4 bps + $0.05, ECO 5 bps + $0.03, RELAY 6 bps + $0.02 per source; OFT: the adapter's quoted ` +
  `native fee plus what \`quoteOFT\` says is kept; same chain: 0                                                    ` +
  `                                                                                                                 ` +
  `                                                                                                 |
| protocol | \`PROTOCOL_FEE_BPS\` (default 3) of what is delivered                                                  ` +
  `                                                                                                                 ` +
  `                                                                                                                 ` +
  `                                                                                             |

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
- \`qualifier.encodedVal\` = \`abi.encode(string settlementLayer, string fundingMethod, bool using7579, bytes ` +
  `layerData)\`;
  \`layerData\` is empty for SAME_CHAIN/ACROSS, \`abi.encode(uint256 provingFee)\` for ECO,
  \`abi.encode(bytes32 requestId, bytes32 orderId)\` for RELAY, and for INTENT_EXECUTOR
  \`abi.encode((address token, uint256 exchangeRate, uint256 overhead) gasRefund, (uint32 dstEid, uint256 ` +
  `dstChainId, uint256 minAmountLD, address adapter) bridge)\`
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

**When funds fall short** the answer is \`422 Insufficient balance\` (\`code: INSUFFICIENT_BALANCE\`,
the client's \`InsufficientBalanceError\`); nothing is issued or stored. \`errors[0].context.intentCost\`
holds what the route would cost: \`hasFulfilledAll: false\`, and \`tokenShortfall\` (per token: target,
fee, available, shortfall in base units and USD) plus \`totalTokenShortfallInUSD\`
(\`errors[0].context.warnings\` names source chains that did not answer). When nothing the access list
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
- OFT: one \`INTENT_EXECUTOR\` / \`NO_FUNDING\` element on the source chain
  (\`mandate.destinationChainId\` is where its ops run), \`bridgeFill: { type: 'OFT',
  destinationChainId }\`: the account's own ops pay the route's fee to the filler, approve the adapter
  where it pulls (Ethereum's USDT), and \`send\` with LayerZero's native fee as value, which the filler
  hands the account with the ops (\`prefundAmount\`; charged in the bridge fee, reported in
  \`intentCost.nativeFees\`). No fill: the bridge delivers exactly what the recipient is owed, and the
  status reports the delivery on the destination chain. Only from chains where the account runs ops
  (its intent executor installed, or its setupOps deploy it), and never with calls on arrival.
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
  call-only intent runs as the account's own single-chain ops (\`INTENT_EXECUTOR\`, \`NO_FUNDING\`):
  for an account with code but no intent executor installed it is \`422\` naming \`tokenRequests\`.
- USDT0 crosses chains only as the account's own OFT send: for an account that cannot run ops where
  it holds it (an EOA without a delegation), or with calls on arrival, the answer is \`422\` naming
  \`tokenRequests\` with that reason.
- \`destinationGasUnits\` can raise the gas charged for the executions, never lower it below the
  engine's own figure: the calls simulated on the destination chain after the filler's delivery (+ a
  tenth), or 60k per execution + 16 per calldata byte when they revert there now. That figure is the
  last element's \`minGas\`, and the filler runs the calls with exactly \`minGas\` + 200k (the
  intent executor's own cost): calls that need more fail the intent before anything is taken. Calls
  needing more than 5,000,000 gas are refused with a 422 naming \`destinationExecutions\`.
- \`options.customDeadline\` (unix seconds) sets the fill deadline, from a minute away up to the
  route lifetime; \`options.topupCompact: true\`, \`appFees\`, \`protocolFees\` and \`auxiliaryFunds\` are
  not supported and refused by name (400), never ignored.
- \`account.delegations: { "0": { contract } }\` (how the client writes it) means every chain. \`SAME_CHAIN\` and ` +
  `\`NEAR\` in
  \`settlementLayers\` are accepted and change nothing (same-chain funds are always used first; NEAR
  reaches none of these chains).
- Gas prices are \`eth_gasPrice\`; each transaction's gas is rounded down to USD, and the fee in the
  fee token rounded up.
`
