// What an intent's settlement records, as the domain knows it: its status (the filler's state
// machine moves it: lib/filler/intentMachine.ts), each element's claim, the fill and the refunds.
// The database stores these (lib/storage/intentStore.ts); the API serialises them.
import type { Hex } from 'viem'

export const intentStatuses = ['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED', 'FAILED'] as const
export type IntentStatus = (typeof intentStatuses)[number]

export type ClaimRecord = {
  elementIndex: number
  chainId: number
  status: 'PENDING' | 'COMPLETED' | 'FAILED'
  txHash?: Hex
  /** Block time of the claim (unix seconds). */
  timestamp?: number
}

/** `method: 'transfer'`: the fill was undone after the filler was paid and could no longer be mined;
 * the filler sent tokenOut to the recipient directly (txHash is that transfer). */
export type FillRecord = {
  chainId: number
  txHash?: Hex
  timestamp?: number
  status: 'PENDING' | 'COMPLETED'
  method?: 'transfer'
}

/** An escrow returned (or to be returned) to the sponsor on an origin chain, and why. */
export type RefundRecord = {
  chainId: number
  elementIndex: number
  status: 'PENDING' | 'COMPLETED'
  txHash?: Hex
  timestamp?: number
  reason: string
}
