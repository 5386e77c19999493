// The route builder's form state: every field as the reader typed it (strings), one entry per
// request field of POST /intents/route. Turning it into the wire request is routeRequestBody.ts.
import { chains } from '../../core/chains/chains'
import { crossChainLayers } from '../../core/route/settlementLayers'
import { type TokenInfo, tokensOnChain } from '../../core/tokens/tokens'
import type { EnsLookup } from './ensRecipient'

export const accountTypes = ['EOA', 'smartAccount', 'ERC7579', 'GENERIC'] as const
export type AccountType = (typeof accountTypes)[number]

/** The cross-chain layers a reader may allow; none ticked means all of them. */
export const formSettlementLayers = crossChainLayers
export type FormSettlementLayer = (typeof formSettlementLayers)[number]

export const formFundings = ['', 'COMPACT', 'PERMIT2'] as const
export type FormFunding = (typeof formFundings)[number]

/** Fee tokens are resolved by symbol across chains (the server charges in that asset). */
export const feeTokenChoices = ['USDC', 'ETH', 'WETH', 'USDT', 'USDT0'] as const

export type TokenRequestDraft = { key: string; token: string; amount: string; max: boolean }
export type ExecutionDraft = { key: string; to: string; value: string; data: string }
export type SponsorDraft = { gas: boolean; bridge: boolean; protocol: boolean }

/** A smart account's own request fields, as the client sends them (lib/ui/accounts/accountChoice.ts); sent only while `account` is still `address`. */
export type AccountSetupDraft = {
  address: string
  setupOps: { to: string; data: string }[]
  delegations: Record<string, { contract: string }>
}

export type RouteForm = {
  account: string
  accountType: AccountType
  accountSetup?: AccountSetupDraft | undefined
  destinationChainId: number
  tokenRequests: TokenRequestDraft[]
  /** The recipient as typed: an address or an ENS name. */
  recipient: string
  /** The lookup of the ENS name typed as recipient, kept by the field (none for an address). */
  recipientEns?: EnsLookup | undefined
  executions: ExecutionDraft[]
  destinationGasUnits: string
  access: { chainIds: number[]; tokens: string[]; excludeChainIds: number[]; excludeTokens: string[] }
  settlementLayers: FormSettlementLayer[]
  /** Only locked (COMPACT) or only unlocked (PERMIT2) funds; '' lets the route take the cheaper. */
  funding: FormFunding
  sponsor: SponsorDraft
  feeToken: string
}

export const formLimits = { tokenRequests: 10, executions: 20 } as const

let drafts = 0
/** A stable React key for a list row (never sent). */
export const draftKey = (): string => `d${++drafts}`

export function emptyTokenRequest(chainId: number, taken: readonly string[] = []): TokenRequestDraft {
  const options = tokensOnChain(chainId)
  const token = options.find((t) => !taken.includes(t.address)) ?? options[0]
  if (!token) throw new Error(`No token is listed on chain ${chainId}`)
  return { key: draftKey(), token: token.address, amount: '', max: false }
}

export const emptyExecution = (): ExecutionDraft => ({ key: draftKey(), to: '', value: '0', data: '0x' })

export function initialRouteForm(account = ''): RouteForm {
  const destinationChainId = 42161
  const usdc = tokensOnChain(destinationChainId).find((t) => t.symbol === 'USDC')
  if (!usdc) throw new Error(`No USDC is listed on chain ${destinationChainId}, the form's first destination`)
  return {
    account,
    accountType: 'EOA',
    destinationChainId,
    tokenRequests: [{ key: draftKey(), token: usdc.address, amount: '', max: false }],
    recipient: '',
    executions: [],
    destinationGasUnits: '',
    access: { chainIds: [], tokens: [], excludeChainIds: [], excludeTokens: [] },
    settlementLayers: [],
    funding: '',
    sponsor: { gas: false, bridge: false, protocol: false },
    feeToken: '',
  }
}

/** A new destination keeps each request's asset where that chain has it (USDC stays USDC). */
export function withDestination(form: RouteForm, chainId: number): RouteForm {
  const before = tokensOnChain(form.destinationChainId)
  const after = tokensOnChain(chainId)
  const taken: string[] = []
  const tokenRequests = form.tokenRequests.map((r) => {
    const symbol = before.find((t) => t.address === r.token)?.symbol
    const same = after.find((t) => t.symbol === symbol && !taken.includes(t.address))
    const token = same ?? after.find((t) => !taken.includes(t.address)) ?? after[0]
    if (!token) throw new Error(`No token is listed on chain ${chainId}`)
    taken.push(token.address)
    return { ...r, token: token.address }
  })
  return { ...form, destinationChainId: chainId, tokenRequests }
}

export function tokenOf(form: RouteForm, address: string): TokenInfo | undefined {
  return tokensOnChain(form.destinationChainId).find((t) => t.address === address)
}

/** Symbols the access list can name (the server matches them on every chain). */
export const accessListSymbols: readonly string[] = [
  ...new Set(chains.flatMap((c) => tokensOnChain(c.id).map((t) => t.symbol))),
]

/** A portfolio row's "Move" or "Use locked funds": the chain and token the route should draw on. */
export type Holding = { chainId: number; symbol: string }

/** `?from=<chainId>&token=<symbol>` as the portfolio links it; anything else is no holding. */
export function holdingFromSearch(search: string): Holding | undefined {
  const params = new URLSearchParams(search)
  const chainId = Number(params.get('from'))
  const symbol = params.get('token') ?? ''
  return tokensOnChain(chainId).some((t) => t.symbol === symbol) ? { chainId, symbol } : undefined
}

export function holdingSearch({ chainId, symbol }: Holding): string {
  return `?${new URLSearchParams({ from: String(chainId), token: symbol })}`
}

function firstChainOtherThan(chainId: number): number {
  const other = chains.find((c) => c.id !== chainId)
  if (!other) throw new Error(`No chain other than ${chainId} to move the holding to`)
  return other.id
}

/**
 * The form set to move a holding: the route may draw on that chain and token only, and asks for
 * the same token on another chain (the usual destination, or the first other chain when the
 * holding is already there).
 */
export function fromHolding(form: RouteForm, { chainId, symbol }: Holding): RouteForm {
  const destination = form.destinationChainId !== chainId ? form.destinationChainId : firstChainOtherThan(chainId)
  const moved = withDestination(form, destination)
  const same = tokensOnChain(destination).find((t) => t.symbol === symbol)
  const [first, ...rest] = moved.tokenRequests
  return {
    ...moved,
    tokenRequests: same && first ? [{ ...first, token: same.address }, ...rest] : moved.tokenRequests,
    access: { ...moved.access, chainIds: [chainId], tokens: [symbol] },
  }
}
