// The route builder's form as the request body POST /intents/route receives, and what is wrong
// with it, keyed by the same field paths the server names in errors[].context.field (so a 400 and
// a local check mark the same input). Amounts: typed in token units, sent in base units, converted
// with parseUnits and never through a JS number. The server's own schema (and zod with it) is not
// part of the page's first load: the builder loads it as it first renders (loadRequestCheck), and
// until then the form is not known to pass (`checked: false`).
import { isHex, parseUnits } from 'viem'
import type { z } from 'zod'
import type * as RouteRequestModule from '../../api/routeRequest'
import type { routeRequestSchema } from '../../api/routeRequest'
import { addressFormatProblem, recipientProblem } from './addressProblems'
import { recipientAddress } from './ensRecipient'
import { type RouteForm, tokenOf } from './routeForm'

export type FieldErrors = Record<string, string>

/** The body as sent: the schema's input (before defaults and parsing), so it cannot drift from what the server accepts. */
export type RouteRequestBody = z.input<typeof routeRequestSchema>

/** The server's request schema and its limits. */
export type RequestCheck = Pick<typeof RouteRequestModule, 'routeRequestSchema' | 'routeLimits'>

let loadingCheck: Promise<RequestCheck> | undefined

/** The request check, loaded once; a load that failed is tried again next time. */
export function loadRequestCheck(): Promise<RequestCheck> {
  loadingCheck ??= import('../../api/routeRequest').catch((error: unknown) => {
    loadingCheck = undefined
    throw error
  })
  return loadingCheck
}

/** `checked`: whether the server's schema judged the body too (`check` given); without it the
 * errors are the local checks' only, and nothing may be sent. */
export type BuiltRequest = { body: RouteRequestBody; errors: FieldErrors; checked: boolean }

export function routeRequestBody(form: RouteForm, check: RequestCheck | undefined): BuiltRequest {
  const errors: FieldErrors = {}
  const fail = (field: string, message: string) => {
    errors[field] ??= message // the first problem of a field is the one shown
  }

  const account = form.account.trim()
  if (!account) fail('account.address', 'Enter the account that pays, or connect a wallet.')
  else {
    const problem = addressFormatProblem(account)
    if (problem) fail('account.address', problem)
  }

  const seen = new Set<string>()
  const tokenRequests = form.tokenRequests.map((r, i) => {
    const token = tokenOf(form, r.token)
    const field = `tokenRequests.${i}`
    if (seen.has(r.token))
      fail(
        `${field}.tokenAddress`,
        `${token?.symbol ?? 'This token'} is already requested above: ask for the sum once.`,
      )
    seen.add(r.token)
    if (r.max) return { tokenAddress: r.token }
    const amount = baseUnits(r.amount, { decimals: token?.decimals ?? 18, symbol: token?.symbol ?? 'This token' })
    if (typeof amount !== 'bigint') fail(`${field}.amount`, amount.error)
    return { tokenAddress: r.token, amount: typeof amount === 'bigint' ? amount.toString() : r.amount.trim() }
  })
  if (form.tokenRequests.filter((r) => r.max).length > 1)
    fail('tokenRequests', 'Only one token can be sent at its maximum.')

  // An address as typed, or the address an ENS name resolved to (ensRecipient.ts).
  const resolved = recipientAddress(form.recipient, form.recipientEns)
  if (resolved.problem) fail('recipient.address', resolved.problem)
  const recipient = resolved.address ?? ''
  if (recipient) {
    // A recipient that would lose the tokens is refused here, before any route exists to sign.
    const problem =
      addressFormatProblem(
        recipient,
        'Must be a 0x-prefixed 20-byte address or an ENS name (name.eth), or empty for the account itself.',
      ) ?? recipientProblem(recipient)
    if (problem) fail('recipient.address', problem)
  }

  const destinationExecutions = form.executions.map((e, i) => {
    const field = `destinationExecutions.${i}`
    const to = e.to.trim()
    const value = e.value.trim() || '0'
    const data = e.data.trim() || '0x'
    const toProblem = addressFormatProblem(to)
    if (toProblem) fail(`${field}.to`, toProblem)
    if (!/^\d+$/.test(value)) fail(`${field}.value`, 'Must be a whole number of wei (digits only).')
    if (!isHex(data, { strict: true }) || data.length % 2 !== 0)
      fail(`${field}.data`, 'Must be 0x-prefixed hex with whole bytes (an even number of digits).')
    else if (check && (data.length - 2) / 2 > check.routeLimits.calldataBytes)
      fail(`${field}.data`, `At most ${check.routeLimits.calldataBytes} bytes.`)
    return { to, value, data }
  })

  const gasUnits = form.destinationGasUnits.trim()
  if (gasUnits && !/^\d+$/.test(gasUnits))
    fail('destinationGasUnits', 'Must be a whole number of gas units (digits only), or empty to estimate.')

  const body: RouteRequestBody = {
    destinationChainId: form.destinationChainId,
    tokenRequests,
    account: { address: account, accountType: form.accountType, ...accountSetupOf(form, account) },
    ...(recipient ? { recipient: { address: recipient, accountType: 'EOA' } } : {}),
    ...(destinationExecutions.length ? { destinationExecutions } : {}),
    ...(gasUnits ? { destinationGasUnits: gasUnits } : {}),
    ...accessList(form),
    ...options(form),
  }
  // The server's own schema has the last word on everything the checks above do not cover.
  const parsed = check?.routeRequestSchema.safeParse(body)
  if (parsed && !parsed.success)
    for (const issue of parsed.error.issues) fail(issue.path.join('.') || 'body', sentence(issue.message))
  return { body, errors, checked: check !== undefined }
}

/** One decimal point, thousands grouped with commas or not at all ("1,000.5", "1000.5"), and no more
 * digits than the token has. */
export function baseUnits(
  text: string,
  { decimals, symbol }: { decimals: number; symbol: string },
): bigint | { error: string } {
  const typed = text.trim()
  if (!typed) return { error: 'Enter an amount, or tick “max” to send everything available.' }
  const grouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed)
  if (typed.includes(',') && !grouped)
    return { error: 'Use digits, commas only between groups of three, and at most one decimal point, e.g. 1,000.5.' }
  const value = typed.replaceAll(',', '')
  if (!/^\d*\.?\d*$/.test(value) || value === '.')
    return { error: 'Use digits and at most one decimal point, e.g. 1000.5.' }
  const fraction = value.split('.')[1] ?? ''
  if (fraction.length > decimals)
    return { error: `${symbol} has ${decimals} decimals: at most ${decimals} digits after the point.` }
  const amount = parseUnits(value, decimals)
  if (amount === 0n) return { error: 'Must be more than 0.' }
  return amount
}

/** A smart account's setupOps and delegations, while the account is still the one they were built for. */
function accountSetupOf(
  form: RouteForm,
  account: string,
): Pick<RouteRequestBody['account'], 'setupOps' | 'delegations'> {
  const setup = form.accountSetup
  if (!setup || setup.address.toLowerCase() !== account.toLowerCase()) return {}
  return {
    setupOps: setup.setupOps,
    ...(Object.keys(setup.delegations).length ? { delegations: setup.delegations } : {}),
  }
}

function accessList(form: RouteForm): Pick<RouteRequestBody, 'accountAccessList'> {
  const { chainIds, tokens, excludeChainIds, excludeTokens } = form.access
  const exclude = {
    ...(excludeChainIds.length ? { chainIds: excludeChainIds } : {}),
    ...(excludeTokens.length ? { tokens: excludeTokens } : {}),
  }
  const list = {
    ...(chainIds.length ? { chainIds } : {}),
    ...(tokens.length ? { tokens } : {}),
    ...(Object.keys(exclude).length ? { exclude } : {}),
  }
  return Object.keys(list).length ? { accountAccessList: list } : {}
}

function options(form: RouteForm): Pick<RouteRequestBody, 'options'> {
  const { gas, bridge, protocol } = form.sponsor
  const result: NonNullable<RouteRequestBody['options']> = {
    // The builder asks for the planner's other routes (shown beside the route card), except where the
    // route may be the account's own OFT send: the service lists such a route among them with a layer
    // (OFT) its answer's schema does not allow there, so the answer would be refused as malformed.
    ...(mayCrossAsOft(form) ? {} : { alternatives: true }),
    ...(form.settlementLayers.length ? { settlementLayers: form.settlementLayers } : {}),
    ...(form.funding ? { fundingMethod: form.funding } : {}),
    ...(gas || bridge || protocol
      ? { sponsorSettings: { gasSponsored: gas, bridgeFeesSponsored: bridge, protocolFeesSponsored: protocol } }
      : {}),
    ...(form.feeToken ? { feeToken: form.feeToken } : {}),
  }
  return { options: result }
}

/** USDT asked for by an account that runs its own ops (a smart account, or an EOA with 7702): the
 * planner may send it over LayerZero OFT from the account itself. */
export function mayCrossAsOft(form: RouteForm): boolean {
  const ownOps = form.accountType !== 'EOA' || form.accountSetup !== undefined
  return ownOps && form.tokenRequests.some((r) => tokenOf(form, r.token)?.extensions.group === 'USDT')
}

const sentence = (message: string) =>
  message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith('.') ? '' : '.')
