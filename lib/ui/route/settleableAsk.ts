// What the service would refuse to settle, said before any quote from what the page already knows
// (the tokens' assets, the account's balances per chain, the kind of account in the form, its code on
// each chain), with the one-click alternative — the same rules the service applies
// (lib/core/route/plan/planRequest.ts, plan/sources.ts, request/singleChain.ts,
// build/tokenRequirements.ts):
// - USDT (USDT0 outside Ethereum) crosses chains only over LayerZero OFT, as the account's own send
//   through its intent executor: a wallet picked as a plain wallet (an EOA, no smart-account setup in
//   the form) cannot make it — even one already delegated with EIP-7702, whose ops the service runs
//   only when the request says it is one — so an ask its holdings on the destination chain do not
//   cover is refused (UNSETTLEABLE) whatever it holds elsewhere. The alternative: the wallet as an
//   EOA with 7702 when it is already delegated somewhere (nothing new to decide), else USDC when the
//   account holds enough of it, else the wallet with an EIP-7702 delegation, else USDC all the same.
// - An account that does make that send still cannot carry calls on arrival with it: the
//   alternative is the same transfer without the calls.
// - An account its setupOps deploy (a smart account, an EOA with 7702) where it has no code yet cannot
//   give a Permit2 approval there (or wrap ETH) before its funds move: its unlocked tokens there move
//   as its own escrow (its ops, no approval), which "Only unlocked funds" (fundingMethod PERMIT2, also
//   what "Use this route" sets for an unlocked alternative) rules out. Such an ask that only those
//   chains' unlocked funds could cover is refused ("not deployed … cannot give the route's Permit2
//   approval"); the alternative: let the route choose the funds. (Native ETH and funds on the
//   destination chain never move as its escrow: those few cases are left to the quote's 422.)
// An ask covered on the destination chain itself moves nothing across chains, and one the account
// cannot cover at all is a shortfall the quote shows: neither is refused here.
import type { AvailableBalance } from '../portfolio/availableBalance'
import { formatAmount } from '../shared/formatAmount'
import type { FormFunding } from './routeForm'

export type SettleAlternative =
  | { kind: 'token'; symbol: 'USDC'; label: string }
  | { kind: 'account'; choice: 'eip7702'; label: string }
  | { kind: 'no-calls'; label: string }
  | { kind: 'any-funds'; label: string }

export type AskRefusal = { title: string; message: string; alternative: SettleAlternative }

export type SettleableAsk = {
  /** The requested token's asset ("USDT" for USDT and USDT0) and symbol on the destination chain. */
  asset: string
  symbol: string
  destinationChainId: number
  destinationChainName: string
  amount: bigint
  /** What the account holds of the asset, per chain (the amount field's numbers). */
  balance: AvailableBalance
  /** The account is a plain wallet: an EOA with no smart-account setup or delegation in the form. */
  plainWallet: boolean
  /** The account is the connected wallet itself, which can take an EIP-7702 delegation from here. */
  walletCanDelegate: boolean
  /** Chains where the account is already delegated (EIP-7702) to the Nexus implementation. */
  delegatedChains?: readonly number[]
  /** For an account its setupOps deploy: the chains where it has no code yet (undefined: not such an
   * account, or its code is not read yet). */
  undeployedChains?: readonly number[] | undefined
  /** "Which funds to use": '' any, COMPACT locked only, PERMIT2 unlocked only (by Permit2). */
  funding?: FormFunding
  /** Calls on arrival in the form. */
  calls: number
  /** What the account holds of USDC, when it is known. */
  usdc: AvailableBalance | undefined
}

export function askRefusal(ask: SettleableAsk): AskRefusal | undefined {
  return oftRefusal(ask) ?? approvalRefusal(ask)
}

function oftRefusal(ask: SettleableAsk): AskRefusal | undefined {
  if (ask.asset !== 'USDT' || ask.amount <= 0n) return undefined
  const usable = ask.balance.chains.filter((c) => c.usable)
  const here = usable
    .filter((c) => c.chainId === ask.destinationChainId)
    .reduce((sum, c) => sum + c.amounts.unlocked, 0n)
  if (here >= ask.amount) return undefined
  const elsewhere = usable.filter((c) => c.chainId !== ask.destinationChainId && c.amounts.total > 0n)
  // Not enough anywhere: the quote says what is missing (a shortfall), as for any token.
  if (here + elsewhere.reduce((sum, c) => sum + c.amounts.total, 0n) < ask.amount) return undefined
  const show = (v: bigint) => formatAmount(v, ask.balance.decimals)
  const held = elsewhere.map((c) => `${show(c.amounts.total)} ${c.tokenSymbol} on ${c.chainName}`).join(', ')
  if (ask.plainWallet) {
    const delegated = elsewhere.filter((c) => ask.delegatedChains?.includes(c.chainId))
    if (delegated.length > 0 && ask.walletCanDelegate) {
      const where = [...new Set(delegated.map((c) => c.chainName))].join(' and ')
      return {
        title: `${ask.symbol} from other chains needs the wallet as an EOA with 7702`,
        message:
          `${ask.symbol} moves between chains only as the account's own LayerZero OFT send. This wallet is already ` +
          `delegated (EIP-7702) on ${where}, but is picked as a plain wallet (EOA), whose ops the service does not ` +
          `run. This account holds ${held}, and ${here > 0n ? `only ${show(here)}` : 'none'} on ` +
          `${ask.destinationChainName}. Pick it as an EOA with 7702 and it makes the send itself.`,
        alternative: { kind: 'account', choice: 'eip7702', label: 'Use the wallet as an EOA with 7702' },
      }
    }
    const usdcCovers = ask.usdc !== undefined && ask.usdc.maxBound >= ask.amount
    const alternative: SettleAlternative =
      usdcCovers || !ask.walletCanDelegate
        ? { kind: 'token', symbol: 'USDC', label: 'Send USDC instead' }
        : { kind: 'account', choice: 'eip7702', label: 'Use the wallet with EIP-7702' }
    return {
      title: `${ask.symbol} cannot come from other chains for this wallet`,
      message:
        `${ask.symbol} moves between chains only as the account's own LayerZero OFT send, which a plain wallet ` +
        `(an EOA) cannot make. This account holds ${held}, and ${here > 0n ? `only ${show(here)}` : 'none'} on ` +
        `${ask.destinationChainName}. ` +
        (alternative.kind === 'token'
          ? 'Send USDC instead, or give the wallet an EIP-7702 delegation in Advanced.'
          : 'With an EIP-7702 delegation the wallet makes the send itself (it signs the delegation once).'),
      alternative,
    }
  }
  if (ask.calls > 0) {
    return {
      title: `${ask.symbol} from other chains cannot carry calls`,
      message:
        `${ask.symbol} crosses chains as the account's own OFT send, and such a route carries no calls on ` +
        `arrival. This account holds ${held}. Send it without the calls, and make the calls separately.`,
      alternative: { kind: 'no-calls', label: 'Send it without the calls' },
    }
  }
  return undefined
}

/** Unlocked funds an account cannot approve yet, asked for as "Unlocked funds" (see the file header). */
function approvalRefusal(ask: SettleableAsk): AskRefusal | undefined {
  const undeployed = ask.undeployedChains
  if (!undeployed || undeployed.length === 0 || ask.amount <= 0n || ask.funding !== 'PERMIT2') return undefined
  const usable = ask.balance.chains.filter((c) => c.usable)
  const sum = (rows: typeof usable) => rows.reduce((total, c) => total + c.amounts.unlocked, 0n)
  // Not enough unlocked anywhere: a shortfall, which the quote says.
  if (sum(usable) < ask.amount) return undefined
  const approvable = usable.filter((c) => !undeployed.includes(c.chainId))
  if (sum(approvable) >= ask.amount) return undefined
  const blocked = usable.filter((c) => undeployed.includes(c.chainId) && c.amounts.unlocked > 0n)
  const chains = [...new Set(blocked.map((c) => c.chainName))].join(' and ')
  return {
    title: `The account cannot approve its funds on ${chains} yet`,
    message:
      `The route deploys this account, so on ${chains} it has no code yet and cannot give the Permit2 approval ` +
      '(or wrap ETH) that “Only unlocked funds” asks for before its funds move. Let the route choose the funds: the ' +
      'account then puts its unlocked tokens into the escrow itself, with no approval.',
    alternative: { kind: 'any-funds', label: 'Let the route choose the funds' },
  }
}
