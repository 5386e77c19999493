'use client'
// What the service would refuse to settle, from the form, the balances the amount field already
// reads and the account's code per chain (settleableAsk.ts), before any quote; and the form changed
// to the one-click alternative.
import { tokensOnChain } from '@/lib/core/tokens/tokens'
import { currentChoice } from '@/lib/ui/accounts/accountChoice'
import { chainsWhere } from '@/lib/ui/accounts/accountCode'
import { useAccountCode } from '@/lib/ui/accounts/useAccountCode'
import { useAvailableBalance } from '@/lib/ui/portfolio/useAvailableBalance'
import { chainName } from '@/lib/ui/shared/tokenAmount'
import { type RouteForm, tokenOf } from './routeForm'
import { baseUnits } from './routeRequestBody'
import { type AskRefusal, askRefusal, type SettleAlternative } from './settleableAsk'

export type AskVerdict = {
  refusal: AskRefusal | undefined
  /** The balances that decide it are still on their way: no quote goes out before they are here. */
  pending: boolean
}

export function useAskRefusal(form: RouteForm, wallet: string | undefined): AskVerdict {
  const first = form.tokenRequests[0]
  const token = first ? tokenOf(form, first.token) : undefined
  const usdcToken = tokensOnChain(form.destinationChainId).find((t) => t.symbol === 'USDC')
  // Both read the one portfolio query of the account (one request, one cache entry).
  const holdings = useAvailableBalance(form.account, token, form.access, form.funding)
  const usdc = useAvailableBalance(form.account, usdcToken, form.access, form.funding)
  const plainWallet = form.accountType === 'EOA' && form.accountSetup === undefined
  const deployedBySetup = form.accountSetup !== undefined
  // USDT asks of a plain wallet (is it delegated somewhere?) and "Unlocked funds" asks of an account
  // the route deploys (where has it no code?) depend on the account's code.
  const usdt = token?.extensions.group === 'USDT'
  const codeMatters = (usdt && plainWallet) || (deployedBySetup && form.funding === 'PERMIT2')
  const code = useAccountCode(form.account, codeMatters)
  const none = { refusal: undefined, pending: false }
  if (!first || !token || first.max || form.tokenRequests.length !== 1) return none
  // Only these asks are ever refused here: others are not held back while the balances load.
  const judged = usdt || codeMatters
  if (holdings.status === 'loading' || usdc.status === 'loading' || code.status === 'loading')
    return { refusal: undefined, pending: judged }
  if (holdings.status !== 'ready') return none
  const amount = baseUnits(first.amount, token)
  if (typeof amount !== 'bigint') return none
  const codes = code.status === 'ready' ? code.codes : undefined
  const refusal = askRefusal({
    asset: token.extensions.group,
    symbol: token.symbol,
    destinationChainId: form.destinationChainId,
    destinationChainName: chainName(form.destinationChainId),
    amount,
    balance: holdings.balance,
    plainWallet,
    walletCanDelegate: wallet !== undefined && currentChoice(form, wallet as `0x${string}`) === 'eoa',
    calls: form.executions.length,
    usdc: usdc.status === 'ready' ? usdc.balance : undefined,
    delegatedChains: codes ? chainsWhere(codes, 'nexus-delegation') : [],
    undeployedChains: codes && deployedBySetup ? chainsWhere(codes, 'none') : undefined,
    funding: form.funding,
  })
  return { refusal, pending: false }
}

/** The form with a token or calls alternative taken (the account alternative is the wallet's: useAccountChoice). */
export function withAlternative(form: RouteForm, alternative: Exclude<SettleAlternative, { kind: 'account' }>) {
  if (alternative.kind === 'no-calls') return { ...form, executions: [] }
  if (alternative.kind === 'any-funds') return { ...form, funding: '' as const }
  const usdc = tokensOnChain(form.destinationChainId).find((t) => t.symbol === alternative.symbol)
  if (!usdc) return form
  return { ...form, tokenRequests: form.tokenRequests.map((r, i) => (i === 0 ? { ...r, token: usdc.address } : r)) }
}
