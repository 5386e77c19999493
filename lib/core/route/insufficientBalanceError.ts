// A route the account cannot cover, as an error (its own file: lib/core/errors.ts does not depend on
// the route's types).
import type { ChainWarning } from '../chainState/settleChains'
import { ServiceError } from '../errors'
import type { IntentCost } from '../intentOp/intentOp'

/** The account cannot cover the request: `Insufficient balance` (the client's InsufficientBalanceError),
 * with what the route would cost and what is missing (intentCost.tokenShortfall) in errors[0].context. */
export class InsufficientBalanceError extends ServiceError {
  readonly intentCost: IntentCost
  constructor(intentCost: IntentCost, warnings: readonly ChainWarning[] = []) {
    const message = 'Insufficient balance'
    const context = { intentCost, ...(warnings.length > 0 ? { warnings: [...warnings] } : {}) }
    super('unprocessable', message, [{ message, context }], { code: 'INSUFFICIENT_BALANCE' })
    this.intentCost = intentCost
  }
}
