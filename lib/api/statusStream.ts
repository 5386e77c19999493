// A status pushed to its readers as Server-Sent Events (text/event-stream), for
// GET /intent-operation/{id}/events: each reader gets the current status at once, then every change,
// and the stream ends once the status is final. Readers of one key share one watch: the status is
// read once per tick for all of them (one query, no connection held between reads), and one timer
// serves every watch, only while something is watched. The same timer sends each reader a
// heartbeat when it has been quiet, and ends a stream open past `maxOpenMs` (the reader comes back
// with Last-Event-ID, authorised again). A reader that goes away is dropped (the stream's cancel,
// or the request's abort signal), and its watch with it when it was the last.
//
// An event's id is a digest of its data, so Last-Event-ID resumes anywhere (another server process,
// a restart): the status is sent again only when it is not the one the reader last had.
import { createHash } from 'node:crypto'

export type StreamTiming = {
  /** How often a watched status is read. */
  pollMs: number
  /** A reader that got nothing for this long gets a comment line (proxies close silent streams). */
  heartbeatMs: number
  /** A stream is ended after this long; the reader resumes with Last-Event-ID. */
  maxOpenMs: number
}

export const defaultStreamTiming: StreamTiming = { pollMs: 1_000, heartbeatMs: 15_000, maxOpenMs: 10 * 60_000 }

/** The headers of an event stream: never cached, never compressed or buffered on the way (Next's
 * compression and nginx honour these), so each event reaches the reader when it is written. */
export const eventStreamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
} as const

export type OpenStream<T> = {
  /** The status as just read for this reader (after its authorisation). */
  first: T
  /** Reads the status again (shared by every reader of the key while the first reader's watch lasts). */
  read: () => Promise<T>
  /** The Last-Event-ID the reader sent, if any. */
  lastEventId?: string | null
  /** Aborted when the reader goes away. */
  signal?: AbortSignal
}

type Reader = {
  lastId: string | undefined
  openedAt: number
  lastWriteAt: number
  send: (text: string) => void
  end: () => void
}

type Watch<T> = { read: () => Promise<T>; readers: Set<Reader>; reading: boolean }

export type StatusHub<T> = {
  open: (key: string, stream: OpenStream<T>) => ReadableStream<Uint8Array<ArrayBuffer>>
  /** What is watched now (for tests and diagnostics). */
  watching: () => { keys: number; readers: number; timer: boolean }
}

/** The id of an event carrying `data` (JSON): a digest of it. */
export function eventId(data: string): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 22)
}

/** One event in the wire format: its id, its type and its data on one line (JSON has no newline). */
export function formatEvent(event: string, id: string, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`
}

export function statusHub<T>({
  event,
  isFinal,
  timing = defaultStreamTiming,
  now = Date.now,
}: {
  /** The events' type (`event:` field). */
  event: string
  isFinal: (status: T) => boolean
  timing?: StreamTiming
  now?: () => number
}): StatusHub<T> {
  const watches = new Map<string, Watch<T>>()
  const encoder = new TextEncoder()
  let timer: ReturnType<typeof setInterval> | undefined

  /** Sends `status` to `reader` unless it already has it; ends the reader's stream when it is final. */
  function deliver(reader: Reader, status: T): void {
    const data = JSON.stringify(status)
    const id = eventId(data)
    if (reader.lastId !== id) {
      reader.lastId = id
      reader.send(formatEvent(event, id, data))
    }
    if (isFinal(status)) reader.end()
  }

  function tick(): void {
    const at = now()
    for (const watch of watches.values()) {
      for (const reader of watch.readers) {
        if (at - reader.openedAt >= timing.maxOpenMs) reader.end()
        else if (at - reader.lastWriteAt >= timing.heartbeatMs) reader.send(': heartbeat\n\n')
      }
      if (watch.readers.size > 0 && !watch.reading) void refresh(watch)
    }
  }

  async function refresh(watch: Watch<T>): Promise<void> {
    watch.reading = true
    try {
      const status = await watch.read()
      for (const reader of [...watch.readers]) deliver(reader, status)
    } catch {
      // Not read this time (the database busy, say): the next tick reads again; readers keep their heartbeat.
    } finally {
      watch.reading = false
    }
  }

  function subscribe(key: string, reader: Reader, read: () => Promise<T>): void {
    const watch = watches.get(key) ?? { read, readers: new Set<Reader>(), reading: false }
    watches.set(key, watch)
    watch.readers.add(reader)
    timer ??= setInterval(tick, timing.pollMs)
    // A timer must not keep a process alive that is otherwise done (tests, shutdown).
    if (typeof timer === 'object' && 'unref' in timer) timer.unref()
  }

  function unsubscribe(key: string, reader: Reader): void {
    const watch = watches.get(key)
    if (!watch) return
    watch.readers.delete(reader)
    if (watch.readers.size === 0) watches.delete(key)
    if (watches.size === 0 && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }

  function open(
    key: string,
    { first, read, lastEventId, signal }: OpenStream<T>,
  ): ReadableStream<Uint8Array<ArrayBuffer>> {
    let reader: Reader | undefined
    let ended = false
    const stop = () => {
      ended = true
      if (reader) unsubscribe(key, reader)
    }
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        const at = now()
        const self: Reader = {
          lastId: lastEventId ?? undefined,
          openedAt: at,
          lastWriteAt: at,
          send(text) {
            if (ended) return
            controller.enqueue(encoder.encode(text))
            self.lastWriteAt = now()
          },
          end() {
            if (ended) return
            stop()
            controller.close()
          },
        }
        reader = self
        if (signal?.aborted) return self.end()
        signal?.addEventListener('abort', () => self.end(), { once: true })
        // How soon a reader that lost the stream may come back (the SSE `retry` field); it also
        // puts the headers on the wire at once, whatever the first event is.
        self.send(`retry: ${timing.pollMs}\n\n`)
        deliver(self, first)
        if (!ended) subscribe(key, self, read)
      },
      cancel() {
        stop()
      },
    })
  }

  return {
    open,
    watching: () => ({
      keys: watches.size,
      readers: [...watches.values()].reduce((n, w) => n + w.readers.size, 0),
      timer: timer !== undefined,
    }),
  }
}
