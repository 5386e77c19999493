// What to tell the reader when a wallet request fails: wallets and wagmi throw nested errors whose
// codes (EIP-1193) say more than their messages, so the cause chain is searched for a known one.

export function describeWalletError(error: unknown): string {
  const chain = causes(error)
  if (isUserRejection(error)) return 'You declined the request in your wallet.'
  if (chain.some((e) => e.name === 'ProviderNotFoundError'))
    return 'No browser wallet was found. Install one, or use the demo wallet.'
  if (chain.some((e) => e.code === -32002 || e.name === 'ResourceUnavailableRpcError'))
    return 'Your wallet already has a request open: finish it there first.'
  if (chain.some((e) => e.name === 'WaitForTransactionReceiptTimeoutError')) {
    return 'The transaction was sent, but no receipt came in time: it may still be pending. Check it in your wallet, then refresh the route.'
  }
  if (chain.some((e) => e.code === 4902 || e.name === 'SwitchChainError' || e.name === 'ChainNotConfiguredError')) {
    return 'The wallet could not switch to that network.'
  }
  return 'The wallet did not respond as expected. Try again.'
}

/** EIP-1193 4001 (viem's UserRejectedRequestError) anywhere in the cause chain. */
export function isUserRejection(error: unknown): boolean {
  return causes(error).some((e) => e.code === 4001 || e.name === 'UserRejectedRequestError')
}

type ErrorLike = { name?: unknown; code?: unknown; cause?: unknown }

function causes(error: unknown): ErrorLike[] {
  const found: ErrorLike[] = []
  let current: unknown = error
  while (current && typeof current === 'object' && found.length < 10) {
    found.push(current as ErrorLike)
    current = (current as ErrorLike).cause
  }
  return found
}
