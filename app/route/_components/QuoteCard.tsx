'use client'
// The transfer card before there is a route: what the form still needs, "already there, nothing to
// move", what the service would refuse to settle or more than any route can draw (each with its
// one-click alternative), a quote on its way, or why none came back (and a retry) — the same card, the same states as once there is a route.
import { TransferCard } from '@/components/route/TransferCard'
import type { AmountCheck } from '@/lib/ui/route/amountCheck'
import type { RouteErrorAdvice } from '@/lib/ui/route/describeRouteError'
import { marksFormField } from '@/lib/ui/route/formFields'
import type { AskRefusal, SettleAlternative } from '@/lib/ui/route/settleableAsk'
import { type QuoteInput, quoteState } from '@/lib/ui/route/transferState'

export type QuoteCardProps = {
  pending: boolean
  advice: RouteErrorAdvice | undefined
  verdict: AmountCheck | undefined
  /** The one-click alternative to an ask no route can cover: send the most possible. */
  onSendMost: () => void
  /** What the service would refuse to settle, known before any quote, and its one-click alternative. */
  refusal: AskRefusal | undefined
  /** What the wallet says while the alternative waits for it (a delegation to sign), or why it did not. */
  refusalStatus: string
  onAlternative: (alternative: SettleAlternative) => void
  /** Fields the form still has a problem with. */
  problems: number
  /** The key may ask for this account's routes (else: sign in first). */
  permitted: boolean
  onRetry: () => void
}

export function QuoteCard(props: QuoteCardProps) {
  const state = quoteState(quoteInput(props))
  const { refusal } = props
  const alternative = refusal ? () => props.onAlternative(refusal.alternative) : props.onSendMost
  return <TransferCard state={state} onAction={state.action?.kind === 'alternative' ? alternative : props.onRetry} />
}

function quoteInput({
  pending,
  advice,
  verdict,
  refusal,
  refusalStatus,
  problems,
  permitted,
}: QuoteCardProps): QuoteInput {
  if (pending) return { kind: 'quoting' }
  if (verdict?.kind === 'already-there') return { kind: 'nothing-to-move', message: verdict.message }
  if (refusal) {
    return {
      kind: 'cannot-settle',
      title: refusal.title,
      message: refusalStatus ? `${refusal.message} ${refusalStatus}` : refusal.message,
      alternative: refusal.alternative.label,
    }
  }
  if (advice) {
    const marked = advice.action === 'fix-fields' && marksFormField(advice.fields)
    const detail = marked ? `${advice.detail} The fields concerned are marked in the form.` : advice.detail
    return { kind: 'failed', title: advice.title, detail, canRetry: advice.action === 'retry' }
  }
  if (verdict?.kind === 'too-much') {
    return {
      kind: 'cannot-settle',
      title: 'More than a transfer can draw',
      message: verdict.message,
      alternative: 'Send the most possible',
    }
  }
  const hint = !permitted
    ? 'Sign in with Ethereum (above) and the quote appears here by itself.'
    : problems > 0
      ? 'Complete the form: the quote appears here by itself.'
      : 'The quote appears here by itself.'
  return { kind: 'idle', hint }
}
