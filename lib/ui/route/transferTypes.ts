// The transfer card's state as data: what the card draws (transferState.ts builds it, the settled
// part in transferOutcome.ts).
export type TransferStage =
  | 'idle'
  | 'nothing-to-move'
  | 'cannot-settle'
  | 'quoting'
  | 'quote-failed'
  | 'outdated'
  | 'requirement'
  | 'authorize'
  | 'sign'
  | 'submit'
  | 'settling'
  | 'completed'
  | 'failed'
  | 'expired'

export type TransferActionKind =
  | 'requirement'
  | 'authorize'
  | 'sign'
  | 'submit'
  | 'requote'
  | 'new-transfer'
  | 'alternative'

export type TransferAction = { kind: TransferActionKind; label: string; enabled: boolean }

export type SettlingStep = { key: string; label: string; state: 'done' | 'active' | 'waiting' | 'failed' }

export type TransferOutcome = {
  /** Seconds from submission to delivery ("Arrived in 4.2 s"). */
  arrivedInSeconds?: number
  delivery?: { chainId: number; hash: `0x${string}` }
  /** What happened to the account's funds, in words ("Nothing was taken from your account."). */
  funds?: string
  refund?: { chainId: number; hash: `0x${string}` }
}

export type TransferState = {
  stage: TransferStage
  /** The card's headline: "Ready to sign", "Completed", … */
  title: string
  /** One line under it. */
  detail: string
  /** The failure of the last step tried (a wallet refusal, a submit that did not reach the service). */
  error?: string
  /** The card's one button; none while the transfer settles. */
  action?: TransferAction
  /** Whether the quote (pay, receive, fee, the one deadline) is still what the card should show. */
  showQuote: boolean
  steps: SettlingStep[]
  outcome?: TransferOutcome
}
