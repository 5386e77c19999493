// The query queue of the embedded database's socket server (pgliteServer.ts): every client
// connection runs on PGlite's one backend session, so their protocol messages take turns here.
// A connection inside a SQL transaction keeps the backend until it ends; so does one in the middle
// of an extended-protocol query (Parse, Bind, Describe, Execute, then Sync), which is not a
// transaction: were two connections' batches interleaved, one's Bind would meet the other's unnamed
// statement (a "bind message supplies N parameters" error, or, when the shapes match, another
// query's parameters) — what @electric-sql/pglite-socket's queue does (electric-sql/pglite#1046),
// which is why the app serves PGlite with this queue rather than that package. A message that
// throws releases the queue.
// The batch's answers (ParseComplete, BindComplete, the rows, CommandComplete) are also held until
// its Sync (or a Flush) and written with ReadyForQuery in one write, as Postgres itself sends them:
// not each message's answer on its own (five socket writes and five wake-ups of the client per query).
// And a batch's messages are run by PGlite in one call, not one at a time, each awaited before the
// next is read: each call into PGlite has a fixed cost of its own
// (about a third of a small query's). A message that continues a batch is taken at once, and the
// batch runs when its Sync (or Flush) is there; a batch whose rest has not arrived yet runs with
// what has, as before. PGlite's backend reads several messages from one call as Postgres reads
// them from its socket: an error discards the rest up to the Sync either way.
// A connection that goes away mid-batch leaves the backend in its batch: after an error the
// backend discards every message until a Sync, so the next connection's query would be swallowed,
// and without one its unnamed statement and portal linger. One that goes away inside a transaction
// leaves that open. A plain ROLLBACK would be discarded by a backend waiting for a Sync. So a
// departed connection's session is closed first, before any other connection's message runs: a
// ROLLBACK, a Sync, and a ROLLBACK again if a transaction is still open.

type Queued = {
  handlerId: number
  message: Uint8Array
  resolve: (bytes: number) => void
  reject: (error: unknown) => void
  onData: (data: Uint8Array) => void
  /** Whether its sender waits for it to run (else it continues a batch, and was taken at once). */
  waits?: boolean
}

/** What the queue needs of PGlite (its one session). */
export type PgliteSession = {
  closed?: boolean
  isInTransaction(): boolean
  runExclusive<T>(fn: () => Promise<T>): Promise<T>
  execProtocolRawStream(m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }): Promise<unknown>
}

export type BatchQueue = {
  /** Queues one frontend message of a connection; `onData` gets its answers. Resolves when the
   * connection may hand over its next message (at once for one that continues a batch). */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>
  /** The connection is gone: its queued messages are dropped, and what it left open is closed. */
  clearQueueForHandler(handlerId: number): void
}

export type BatchQueueOptions = {
  pinTimeoutMs?: number
  /** Closes a connection: one that held the backend too long, or whose batch failed mid-way. */
  closeConnection: (handlerId: number, error: Error) => void
}

/** A frontend message's type byte (the server hands over whole messages: never empty). */
const typeOf = (message: Uint8Array): number => message[0] ?? 0

/** Frontend messages that continue a batch until its Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const batchMessages = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)))
const FLUSH = 'H'.charCodeAt(0)
const SYNC_TYPE = 'S'.charCodeAt(0)
/** Sync ('S', length 4): ends a batch, and the discarding of messages that follows an error in one. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4])
/** A simple query: ROLLBACK. Sent through the protocol, as db.exec would wait for our runExclusive. */
const ROLLBACK = new Uint8Array(Buffer.concat([Buffer.from([0x51, 0, 0, 0, 13]), Buffer.from('ROLLBACK\0')]))

/** How long a connection may hold the backend (mid-batch or inside a transaction) without sending
 * anything while others wait: it is then closed, and what it left open rolled back. Every query of
 * every process waits while one is held, and a stalled holder (a process paused or killed -STOP)
 * would otherwise hold them for ever. The app's transactions take milliseconds. */
export const PIN_TIMEOUT_MS = 10_000

export function batchQueue(db: PgliteSession, options: BatchQueueOptions): BatchQueue {
  const { pinTimeoutMs = PIN_TIMEOUT_MS, closeConnection } = options
  const q = {
    queue: [] as Queued[],
    processing: false,
    /** The connection whose message ran last: inside a transaction, the backend is its. */
    lastHandlerId: null as number | null,
    db,
  }
  /** When the connection holding the backend last had a message run, and the timer watching it. */
  let lastRun = 0
  let watch: NodeJS.Timeout | undefined
  /** Whether the backend is inside a transaction; once the database is closed, nothing is. */
  const inTransaction = () => {
    try {
      return q.db.isInTransaction()
    } catch {
      return false
    }
  }
  const pinnedNow = () => owner ?? (inTransaction() ? q.lastHandlerId : null)
  const watchPin = (holder: number) => {
    if (watch) return
    watch = setTimeout(
      () => {
        watch = undefined
        if (pinnedNow() !== holder || !q.queue.some((m) => m.handlerId !== holder)) return
        const idle = Date.now() - lastRun
        if (idle < pinTimeoutMs) return watchPin(holder)
        // Its server closes the connection, and clearQueueForHandler (below) rolls back what it held.
        const why = `held the embedded database ${idle} ms without a message while others waited`
        closeConnection(holder, new Error(why))
      },
      Math.max(1, pinTimeoutMs - (Date.now() - lastRun)),
    )
    watch.unref()
  }
  /** The connection in the middle of a batch: only its messages run until its Sync. */
  let owner: number | null = null
  /** The batch's answers not yet written, all for `owner`. */
  let held: Uint8Array[] = []
  /** The message PGlite is running, and whether its connection closed meanwhile (then it must not
   * become the owner again, or every other connection would wait for it for ever). */
  let running: { handlerId: number; cleared: boolean } | undefined
  /** A connection went away leaving its batch or transaction on the backend (or a message of its
   * failed outright, and its server closes it): close that session before anyone else's runs. */
  let orphaned = false
  const closeOrphanedSession = async () => {
    orphaned = false
    const discard = { onRawData: () => {} }
    try {
      await q.db.runExclusive(async () => {
        // Undoes what its unfinished batch did (a Sync alone would commit it: Postgres rolls back a
        // connection lost before its Sync) and its open transaction; discarded after an error…
        await q.db.execProtocolRawStream(ROLLBACK, discard)
        // …which the Sync ends. Only the departed connection's messages ran while it held a
        // transaction (see `pinned`), so one still open, failed, is its own.
        await q.db.execProtocolRawStream(SYNC, discard)
        if (q.db.isInTransaction()) await q.db.execProtocolRawStream(ROLLBACK, discard)
      })
    } catch {
      // nothing more to do: the next message finds what state there is
    }
    q.lastHandlerId = null
  }
  const release = (onData: (data: Uint8Array) => void) => {
    if (held.length === 0) return
    const [only] = held
    const data = held.length === 1 && only ? only : Buffer.concat(held)
    held = []
    onData(data)
  }
  /** The queued message at `index` and, when it starts or continues a batch, the rest of that batch
   * that has arrived, through its Sync or Flush: only its connection's messages run until its Sync
   * anyway, so taking them past other connections' changes no order. */
  const takeUnit = (index: number): Queued[] => {
    const first = q.queue[index]
    if (!first) return []
    const unit = [first]
    if (batchMessages.has(typeOf(first.message)) && typeOf(first.message) !== FLUSH) {
      for (let i = index + 1; i < q.queue.length; i++) {
        const next = q.queue[i]
        if (!next || next.handlerId !== first.handlerId) continue
        const type = typeOf(next.message)
        if (type !== SYNC_TYPE && !batchMessages.has(type)) break
        unit.push(next)
        if (type === SYNC_TYPE || type === FLUSH) break
      }
    }
    if (unit.length === 1) q.queue.splice(index, 1)
    else {
      const taken = new Set(unit)
      q.queue = q.queue.filter((m) => !taken.has(m)) // one pass, however long the queue
    }
    return unit
  }
  let kickPending = false
  /** Runs the queue once the server has handed over every message of the data it read. */
  const kickSoon = () => {
    if (kickPending) return
    kickPending = true
    setImmediate(() => {
      kickPending = false
      if (!q.db.closed) void processQueue()
    })
  }
  const enqueue: BatchQueue['enqueue'] = (handlerId, message, onData) => {
    const type = typeOf(message)
    if (batchMessages.has(type) && type !== FLUSH) {
      // Taken at once (its answer is held until the Sync anyway): the server then hands over the
      // next message of the same data, and the batch runs in one call when its Sync is there.
      q.queue.push({ handlerId, message, onData, resolve: () => {}, reject: () => {}, waits: false })
      kickSoon()
      return Promise.resolve(0)
    }
    return new Promise<number>((resolve, reject) => {
      q.queue.push({ handlerId, message, onData, resolve, reject, waits: true })
      void processQueue()
    })
  }
  const processQueue = async (): Promise<void> => {
    if (q.processing) return
    q.processing = true
    try {
      for (;;) {
        if (orphaned) await closeOrphanedSession()
        const pinned = pinnedNow()
        const index = pinned === null ? (q.queue.length > 0 ? 0 : -1) : q.queue.findIndex((m) => m.handlerId === pinned)
        if (index === -1) {
          // The pinned connection's next message starts the loop again (enqueue); until then the
          // others wait, for at most pinTimeoutMs of its silence.
          if (pinned !== null && q.queue.length > 0) watchPin(pinned)
          return
        }
        const unit = takeUnit(index)
        const m = unit.at(-1)
        if (!m) return // never: the index is of a queued message
        lastRun = Date.now()
        const continues = batchMessages.has(typeOf(m.message))
        // Held while the batch goes on; a Flush asks for what is pending, Sync ends the batch.
        const hold = continues && typeOf(m.message) !== FLUSH
        let bytes = 0
        running = { handlerId: m.handlerId, cleared: false }
        const self = running
        const message = unit.length === 1 ? m.message : Buffer.concat(unit.map((u) => u.message))
        try {
          await q.db.runExclusive(() =>
            q.db.execProtocolRawStream(message, {
              onRawData: (d) => {
                bytes += d.length
                // Copied: it is a view into PGlite's memory, which the next answer reuses.
                held.push(Uint8Array.prototype.slice.call(d))
              },
            }),
          )
          if (!self.cleared && !hold) release(m.onData)
        } catch (error) {
          owner = null
          orphaned = true
          try {
            if (!self.cleared) release(m.onData)
          } catch {
            // its socket is gone: nobody is left to read the answer
          }
          held = []
          // A unit ends with a message whose sender waits (its failure closes the connection, as its
          // server does); one that ends mid-batch was all taken at once: close it here.
          if (m.waits) m.reject(error)
          else closeConnection(m.handlerId, error instanceof Error ? error : new Error(String(error)))
          continue
        } finally {
          running = undefined
          q.lastHandlerId = m.handlerId // whatever became of it, its transaction (if any) is its own
        }
        if (self.cleared) {
          // Its connection closed while the message ran: nobody reads the answer, and it holds nothing.
          held = []
          owner = null
          m.resolve(bytes)
          continue
        }
        owner = continues ? m.handlerId : null
        m.resolve(bytes)
      }
    } finally {
      q.processing = false
    }
  }
  const clearQueueForHandler = (handlerId: number) => {
    q.queue = q.queue.filter((m) => {
      if (m.handlerId !== handlerId) return true
      m.reject(new Error('the connection closed'))
      return false
    })
    if (running?.handlerId === handlerId) running.cleared = true
    if (owner === handlerId || running?.handlerId === handlerId || (q.lastHandlerId === handlerId && inTransaction())) {
      owner = null
      held = [] // its connection is gone
      orphaned = true
      void processQueue()
    }
  }
  return { enqueue, clearQueueForHandler }
}
