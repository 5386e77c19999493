// What an operation's handler reads of its request, and nothing more: a Web Request has all of it
// (Next's router passes one to the route files); serve.mjs passes one read straight off the Node
// request (nodeAnswer.ts), which skips building a Web Request (its headers validated again, a URL
// and an abort signal each time: about a sixth of the CPU a cached answer costs).

/** The request headers a handler reads, by name (case-insensitive), as a Web Headers gives them. */
export type RequestHeaders = { get(name: string): string | null }

export type ApiRequest = {
  readonly method: string
  /** The absolute URL, normalised as a Web Request's is. */
  readonly url: string
  readonly headers: RequestHeaders
  readonly signal: AbortSignal
  /** The body as it arrives; null without one. */
  readonly body: ReadableStream<Uint8Array> | null
}
