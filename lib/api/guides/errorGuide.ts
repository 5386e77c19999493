// Part of the OpenAPI description (rendered at /docs): the per-field reference of one operation
// family in markdown, so the README can stay a short guide.

/** Every error status, for the document's own description. */
export const errorGuide =
  `Every error status carries one envelope, which \`@rhinestone/sdk\` parses into its typed ` +
  `errors:

\`\`\`json
{ "message": "Unsupported chain 999", "errors": [{ "message": "Unsupported chain 999", "context": { "field": ` +
  `"destinationChainId", "chainId": 999 } }], "traceId": "4f0c…" }
\`\`\`

| Status    | When                                                                                       | ` +
  `\`message\`                                                                                   |
| --------- | ------------------------------------------------------------------------------------------ | ` +
  `------------------------------------------------------------------------------------------- |
| 400       | a malformed value; \`errors[].context.field\` names it                                       | e.g. ` +
  `\`chainIds.0: must be a decimal chain id\`                                               |
| 400       | a route naming a chain that is not served (a portfolio filter leaves it out instead)       | ` +
  `\`Unsupported chain {id}\`                                                                    |
| 400       | an unknown token address / symbol on a chain                                               | \`Token ` +
  `{address} not supported on chain {id}\` / \`Unsupported token {SYMBOL} for chain {id}\` |
| 400       | a token address named without a chain (access list \`tokens\`, fee token) on no served chain | ` +
  `\`Unsupported token addresses\` (\`errors[0]\` names it)                                        |
| 401       | no \`x-api-key\`                                                                             | ` +
  `\`Authentication is required\`                                                                |
| 403       | a key without the operation's scope, or the browser key outside a same-origin page request | ` +
  `\`Insufficient permissions\`                                                                  |
| 413 / 415 | body over 1 MiB or 20,000 JSON values / not JSON                                           | ` +
  `\`entity.too.large\` / \`Content-Type must be application/json…\`                               |
| 422       | no allowed path can bring the token                                                        | \`No ` +
  `Path Found\`                                                                             |
| 422       | the account cannot cover the route, fees included (\`errors[0].context.intentCost\`)         | ` +
  `\`Insufficient balance\`                                                                      |
| 400       | malformed JSON                                                                             | ` +
  `\`entity.parse.failed\`                                                                       |
| 400       | arrays and objects nested deeper than 64 levels (\`JSON_TOO_DEEP\`)                          | ` +
  `\`entity.too.deep: …\`                                                                        |
| 400       | two token requests without an amount                                                       | \`Only ` +
  `one target token amount can be unset\`                                                 |
| 401       | an unknown key                                                                             | ` +
  `\`Invalid API key\`                                                                           |
| 404       | an unknown \`/api\` path (JSON, never HTML)                                                  | \`No ` +
  `API route …\`                                                                            |
| 405       | a method the route does not serve (with \`Allow\`)                                           | ` +
  `\`Method … not allowed; use GET\`                                                             |
| 503       | a chain's RPC failed (with \`Retry-After\`)                                                  | ` +
  `\`Chain {id} is unavailable\`                                                                 |

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
for others' failures. Client budgets (the browser key's, sign-in's, failed authentications') are kept
per network: an IPv4 address, or an IPv6 address's /64 (an IPv4-mapped IPv6 address is its IPv4 address).

**When a chain is down.** A portfolio or route leaves out a source chain that does not answer and
still answers \`200\`, with \`warnings: [{ code: 'CHAIN_UNAVAILABLE', chainId, message }]\` and the
header \`x-unavailable-chains\` (comma-separated chain ids). When no chain answers a portfolio, or
the route's destination chain (or the chain its USD prices come from) does not answer, the answer
is \`503 Chain {id} is unavailable\` with \`Retry-After\`. Nothing is remembered about a dead node:
the next request tries it again.

**Bodies and bounds.** Request bodies are JSON (\`content-type: application/json\`, else \`415\`), at
most 1 MiB and 20,000 JSON values (\`413 entity.too.large\`, \`errors[0].context.limit\` \`bytes\` or
\`values\`), nested at most 64 levels (\`400 JSON_TOO_DEEP\`, \`context.limit: 'depth'\`); malformed JSON is
\`400 entity.parse.failed\`. Every list and string is bounded and the bound is in the \`400\`'s message; a
list or record is counted before its entries are checked. A \`400\` lists the first 20 problems and
counts the rest in one more entry (\`context: { limit: 'errors', max: 20, total }\`), so an error body
stays a few KB. A route request may be at most 64 KiB once validated (\`400\` naming \`body\`), since
it is stored with the route.

**CORS and caching.** Any origin may call the API (\`Access-Control-Allow-Origin: *\`, methods
\`GET, POST, DELETE\`, request headers \`content-type, x-api-key, x-sdk-version, x-api-version,
x-request-id\`, no credentials; preflights \`204\`, cached 10 minutes); the trace, rate-limit,
\`Retry-After\`, \`x-unavailable-chains\` and \`x-unsupported-chains\` headers are exposed. Answers are
\`Cache-Control: no-store\`.
`
