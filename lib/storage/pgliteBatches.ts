// pglite-socket runs every client connection on PGlite's one backend session and queues their
// protocol messages one by one, keeping a connection's messages together only inside a SQL
// transaction. An extended-protocol query (Parse, Bind, Describe, Execute, then Sync) is not one,
// so two connections querying at once interleave: one's Bind meets the other's unnamed statement
// (a "bind message supplies N parameters" error, or, when the shapes match, another query's
// parameters). And a message that throws leaves the queue stopped for good. Both are open upstream
// (electric-sql/pglite#1046). This replaces the queue's loop on our server: a connection that
// started a batch keeps the backend until its Sync, and a failed message releases the queue.
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket'

type Queued = { handlerId: number; message: Uint8Array; resolve: (bytes: number) => void; reject: (error: unknown) => void; onData: (data: Uint8Array) => void }

type QueryQueue = {
  queue: Queued[]
  processing: boolean
  lastHandlerId: number | null
  db: { isInTransaction(): boolean; runExclusive<T>(fn: () => Promise<T>): Promise<T>; execProtocolRawStream(m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }): Promise<unknown> }
  processQueue(): Promise<void>
  clearQueueForHandler(handlerId: number): void
}

/** Frontend messages that continue a batch until its Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const batchMessages = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)))

export function keepBatchesTogether(server: PGLiteSocketServer): void {
  const q = (server as unknown as { queryQueue?: QueryQueue }).queryQueue
  if (!q || !Array.isArray(q.queue) || typeof q.processQueue !== 'function') throw new Error('pglite-socket changed: its query queue is not where keepBatchesTogether looks')
  /** The connection in the middle of a batch: only its messages run until its Sync. */
  let owner: number | null = null
  q.processQueue = async () => {
    if (q.processing) return
    q.processing = true
    try {
      for (;;) {
        const pinned = owner ?? (q.db.isInTransaction() ? q.lastHandlerId : null)
        const index = pinned === null ? (q.queue.length > 0 ? 0 : -1) : q.queue.findIndex((m) => m.handlerId === pinned)
        if (index === -1) return // the pinned connection's next message starts the loop again (enqueue)
        const m = q.queue.splice(index, 1)[0]!
        let bytes = 0
        try {
          await q.db.runExclusive(() =>
            q.db.execProtocolRawStream(m.message, {
              onRawData: (d) => {
                bytes += d.length
                m.onData(d)
              },
            }),
          )
        } catch (error) {
          owner = null
          m.reject(error)
          continue
        }
        owner = batchMessages.has(m.message[0]!) ? m.handlerId : null
        q.lastHandlerId = m.handlerId
        m.resolve(bytes)
      }
    } finally {
      q.processing = false
    }
  }
  const clear = q.clearQueueForHandler.bind(q)
  q.clearQueueForHandler = (handlerId) => {
    clear(handlerId)
    if (owner === handlerId) {
      owner = null
      void q.processQueue()
    }
  }
}
