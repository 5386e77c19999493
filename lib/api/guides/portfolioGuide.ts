// Part of the OpenAPI description (rendered at /docs): the per-field reference of one operation
// family in markdown, so the README can stay a short guide.

/** GET /accounts/{userAddress}/portfolio: parameters, the answer, how it is read and aggregated. */
export const portfolioGuide =
  `Query (all optional):

| Name          | Format                                                      | Example                             ` +
  `                              |
| ------------- | ----------------------------------------------------------- | ` +
  `----------------------------------------------------------------- |
| \`chainIds\`    | comma-separated chain ids                                   | \`chainIds=1,10\`                 ` +
  `                                  |
| \`tokens\`      | comma-separated \`chainId:tokenAddress\` (a symbol works too) | ` +
  `\`tokens=8453:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913,10:USDT0\` |
| \`filterEmpty\` | \`true\` or \`false\` (default)                                 | \`filterEmpty=true\`          ` +
  `                                      |

\`chainIds\` and \`tokens\` together select their intersection. With \`filterEmpty=true\`, per-chain rows
whose locked and unlocked balances are both 0 are left out, and so are tokens with nothing left.
A chain either filter names that this deployment does not serve is left out, not refused
(\`@rhinestone/sdk\`'s \`account.getPortfolio()\` names every chain it knows): the answer covers the
served ones and names the others, ascending, in \`unsupportedChainIds\` and in the
\`x-unsupported-chains\` header (comma-separated; both absent when every named chain is served).
An unknown token on a served chain is still a \`400\`.

Response: one entry per asset, its total and its per-chain rows. Amounts are decimal
integer strings in the token's smallest unit.

\`\`\`json
{
  "portfolio": [
    {
      "tokenName": "USDC",
      "tokenDecimals": 6,
      "balance": { "locked": "500000000", "unlocked": "2050500000" },
      "tokenChainBalance": [{ "chainId": 10, "tokenAddress": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", ` +
  `"balance": { "locked": "500000000", "unlocked": "0" } }]
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
