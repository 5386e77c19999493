import { EventSourceParserStream } from 'eventsource-parser/stream'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eventId, formatEvent, type StreamTiming, statusHub } from './statusStream'

type Status = { id: string; status: 'PENDING' | 'CLAIMED' | 'COMPLETED' | 'FAILED' }

const timing: StreamTiming = { pollMs: 100, heartbeatMs: 1_000, maxOpenMs: 10_000 }
const status = (s: Status['status']): Status => ({ id: '7', status: s })

function hub() {
  return statusHub<Status>({
    event: 'status',
    isFinal: (s) => s.status === 'COMPLETED' || s.status === 'FAILED',
    timing,
  })
}

/** Everything the stream carries, as raw text pieces, read as it comes. */
function collect(stream: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const pieces: string[] = []
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader()
  const done = (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return pieces
      pieces.push(value)
    }
  })()
  // A cancel goes back through the pipe to the hub's stream: settled before the caller looks.
  const cancel = async () => {
    await reader.cancel()
    await settle()
  }
  return { pieces, done, cancel }
}

/** A status source the test moves on by hand, counting its reads. */
function source(initial: Status['status']) {
  let current = status(initial)
  const read = vi.fn(async () => current)
  return { read, set: (s: Status['status']) => (current = status(s)) }
}

/** Lets the timer's reads and the stream's pipe settle. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('statusHub', () => {
  it('sends the current status at once, then each change in order, and ends after a final one', async () => {
    const h = hub()
    const s = source('PENDING')
    const out = collect(h.open('7', { first: status('PENDING'), read: s.read }))
    await vi.advanceTimersByTimeAsync(timing.pollMs * 3)
    s.set('CLAIMED')
    await vi.advanceTimersByTimeAsync(timing.pollMs * 3)
    s.set('COMPLETED')
    await vi.advanceTimersByTimeAsync(timing.pollMs)
    const text = (await out.done).join('')
    const events = await parse(text)
    expect(events.map((e) => JSON.parse(e.data).status)).toEqual(['PENDING', 'CLAIMED', 'COMPLETED'])
    expect(events.every((e) => e.event === 'status')).toBe(true)
    expect(events.map((e) => e.id)).toEqual(events.map((e) => eventId(e.data)))
    expect(text.startsWith(`retry: ${timing.pollMs}\n\n`)).toBe(true)
    expect(h.watching()).toEqual({ keys: 0, readers: 0, timer: false })
  })

  it('ends at once, with one event, when the status is already final', async () => {
    const h = hub()
    const s = source('FAILED')
    const events = await parse((await collect(h.open('7', { first: status('FAILED'), read: s.read })).done).join(''))
    expect(events.map((e) => JSON.parse(e.data).status)).toEqual(['FAILED'])
    expect(s.read).not.toHaveBeenCalled()
    expect(h.watching()).toEqual({ keys: 0, readers: 0, timer: false })
  })

  it('reads a key once per tick for all its readers, and one timer serves every key', async () => {
    const h = hub()
    const a = source('PENDING')
    const b = source('PENDING')
    const readers = [
      collect(h.open('7', { first: status('PENDING'), read: a.read })),
      collect(h.open('7', { first: status('PENDING'), read: a.read })),
      collect(h.open('8', { first: status('PENDING'), read: b.read })),
    ]
    expect(h.watching()).toEqual({ keys: 2, readers: 3, timer: true })
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(timing.pollMs * 5)
    expect(a.read).toHaveBeenCalledTimes(5)
    expect(b.read).toHaveBeenCalledTimes(5)
    for (const r of readers) await r.cancel()
  })

  it('drops a reader that goes away, and its watch and the timer with the last one', async () => {
    const h = hub()
    const s = source('PENDING')
    const abort = new AbortController()
    const kept = collect(h.open('7', { first: status('PENDING'), read: s.read }))
    collect(h.open('7', { first: status('PENDING'), read: s.read, signal: abort.signal }))
    expect(h.watching()).toEqual({ keys: 1, readers: 2, timer: true })
    abort.abort()
    expect(h.watching()).toEqual({ keys: 1, readers: 1, timer: true })
    await kept.cancel()
    expect(h.watching()).toEqual({ keys: 0, readers: 0, timer: false })
    expect(vi.getTimerCount()).toBe(0)
    const reads = s.read.mock.calls.length
    await vi.advanceTimersByTimeAsync(timing.pollMs * 5)
    expect(s.read).toHaveBeenCalledTimes(reads)
  })

  it('sends a heartbeat to a quiet reader, and nothing when the status has not changed', async () => {
    const h = hub()
    const s = source('PENDING')
    const out = collect(h.open('7', { first: status('PENDING'), read: s.read }))
    await vi.advanceTimersByTimeAsync(timing.heartbeatMs + timing.pollMs)
    const text = out.pieces.join('')
    expect(text.match(/^: heartbeat$/gm)).toHaveLength(1)
    expect((await parse(text)).map((e) => JSON.parse(e.data).status)).toEqual(['PENDING'])
    await out.cancel()
  })

  it('resumes from Last-Event-ID: the status is sent again only when it changed since', async () => {
    const h = hub()
    const s = source('PENDING')
    const pending = JSON.stringify(status('PENDING'))
    const same = collect(h.open('7', { first: status('PENDING'), read: s.read, lastEventId: eventId(pending) }))
    await settle()
    expect(await parse(same.pieces.join(''))).toEqual([])
    await same.cancel()
    const older = collect(h.open('7', { first: status('CLAIMED'), read: s.read, lastEventId: eventId(pending) }))
    await settle()
    expect((await parse(older.pieces.join(''))).map((e) => JSON.parse(e.data).status)).toEqual(['CLAIMED'])
    await older.cancel()
  })

  it('ends a stream open too long, so the reader comes back and is authorised again', async () => {
    const h = hub()
    const s = source('PENDING')
    const out = collect(h.open('7', { first: status('PENDING'), read: s.read }))
    await vi.advanceTimersByTimeAsync(timing.maxOpenMs + timing.pollMs)
    await out.done
    expect(h.watching()).toEqual({ keys: 0, readers: 0, timer: false })
  })

  it('keeps the stream when a read fails, and sends the change once a read succeeds', async () => {
    const h = hub()
    const s = source('PENDING')
    s.read.mockRejectedValueOnce(new Error('database busy'))
    const out = collect(h.open('7', { first: status('PENDING'), read: s.read }))
    await vi.advanceTimersByTimeAsync(timing.pollMs)
    s.set('COMPLETED')
    await vi.advanceTimersByTimeAsync(timing.pollMs)
    const events = await parse((await out.done).join(''))
    expect(events.map((e) => JSON.parse(e.data).status)).toEqual(['PENDING', 'COMPLETED'])
  })
})

describe('formatEvent', () => {
  it('writes the id, the type and the data, and ends the event with a blank line', () => {
    expect(formatEvent('status', 'abc', '{"a":1}')).toBe('id: abc\nevent: status\ndata: {"a":1}\n\n')
  })
})

/** The events in `text`, as a browser's parser reads them. */
async function parse(text: string) {
  const events = new ReadableStream<string>({
    start(c) {
      c.enqueue(text)
      c.close()
    },
  }).pipeThrough(new EventSourceParserStream())
  const out: { id: string | undefined; event: string | undefined; data: string }[] = []
  const reader = events.getReader()
  for (;;) {
    const { done, value: e } = await reader.read()
    if (done) return out
    out.push({ id: e.id, event: e.event, data: e.data })
  }
}
