import 'server-only'

// The fetch RPC transports use. Next.js patches global fetch in route handlers for its data cache
// and request dedupe; JSON-RPC must never be cached or deduped, and the patch's bookkeeping cost
// more than the RPC round itself on a local node. Next keeps the unpatched function on the patched one.
type PatchedFetch = typeof fetch & { _nextOriginalFetch?: typeof fetch }

export const rpcFetch: typeof fetch = (input, init) => {
  const current = globalThis.fetch as PatchedFetch
  return (current._nextOriginalFetch ?? current)(input, init)
}
