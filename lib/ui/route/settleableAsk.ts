// What the service would refuse to settle, said before any quote from what the page already knows
// (the tokens' assets, the account's balances per chain, the kind of account in the form), with the
// one-click alternative — the same rules the service applies (lib/core/route/plan/planRequest.ts,
// request/singleChain.ts):
// - USDT (USDT0 outside Ethereum) crosses chains only over LayerZero OFT, as the account's own send
//   through its intent executor: a plain wallet (an EOA without a delegation) cannot make it, so an
//   ask its holdings on the destination chain do not cover is refused (UNSETTLEABLE) whatever it
//   holds elsewhere. The alternative: USDC, when the account holds enough of it, else the wallet
//   itself with an EIP-7702 delegation (a kind of account that runs ops), else USDC all the same.
// - An account that does make that send still cannot carry calls on arrival with it: the
//   alternative is the same transfer without the calls.
// An ask covered on the destination chain itself moves nothing across chains, and one the account
// cannot cover at all is a shortfall the quote shows: neither is refused here.
import type { AvailableBalance } from '../portfolio/availableBalance'
import { formatAmount } from '../shared/formatAmount'

export type SettleAlternative =
  | { kind: 'token'; symbol: 'USDC'; label: string }
  | { kind: 'account'; choice: 'eip7702'; label: string }
  | { kind: 'no-calls'; label: string }

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
  /** Calls on arrival in the form. */
  calls: number
  /** What the account holds of USDC, when it is known. */
  usdc: AvailableBalance | undefined
}

export function askRefusal(ask: SettleableAsk): AskRefusal | undefined {
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
