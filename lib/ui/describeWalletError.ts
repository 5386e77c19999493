// What to tell the reader when a wallet request fails: wallets and wagmi throw nested errors whose
// codes (EIP-1193) say more than their messages, so the cause chain is searched for a known one.

export function describeWalletError(error: unknown): string {
  const chain = causes(error)
  if (chain.some((e) => e.code === 4001 || e.name === 'UserRejectedRequestError')) return 'You declined the request in your wallet.'
  if (chain.some((e) => e.name === 'ProviderNotFoundError')) return 'No browser wallet was found. Install one, or use the demo wallet.'
  if (chain.some((e) => e.code === -32002 || e.name === 'ResourceUnavailableRpcError')) return 'Your wallet already has a request open: finish it there first.'
  if (chain.some((e) => e.code === 4902 || e.name === 'SwitchChainError' || e.name === 'ChainNotConfiguredError')) {
    return 'The wallet could not switch to that network.'
  }
  return 'The wallet did not respond as expected. Try again.'
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
