// Several connections querying the embedded database at once, as the app, the filler and the
// attester do: every parameterized query gets its own parameters and its own answer, and a failing
// one does not stop the queue. (The interleaving itself needs a query's messages to arrive in
// separate reads, as on a loaded machine; the adversarial settlement suite met it there.)
import { mkdtempSync, rmSync } from 'node:fs'
import { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, it, vi } from 'vitest'
import { hostPglite } from './hostPglite'
import { keepBatchesTogether } from './pgliteBatches'

const root = mkdtempSync(join(tmpdir(), 'ir-pglite-batches-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('keeps each connection’s extended-protocol batch together: 300 concurrent queries over 8 connections, all answered right', { timeout: 120_000 }, async () => {
  const host = await hostPglite({ dir: join(root, 'db') })
  const pool = new pg.Pool({ connectionString: host.url, max: 8 })
  try {
    const queries = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? pool.query<{ v: string }>('SELECT $1::text AS v', [`one-${i}`]).then((r) => [r.rows[0]!.v, `one-${i}`])
        : i % 3 === 1
          ? pool.query<{ v: string }>('SELECT $1::text || $2::text AS v', [`two-${i}`, '!']).then((r) => [r.rows[0]!.v, `two-${i}!`])
          : pool.query<{ v: string }>('SELECT $1::text || $2::text || $3::text AS v', ['th', 'ree-', `${i}`]).then((r) => [r.rows[0]!.v, `three-${i}`]),
    )
    const answers = await Promise.all(queries)
    for (const [got, want] of answers) expect(got).toBe(want)
    // A failing query releases the queue: the next ones still run.
    await expect(pool.query('SELECT $1::int AS v', ['not a number'])).rejects.toThrow()
    expect((await pool.query<{ v: number }>('SELECT $1::int AS v', [7])).rows).toEqual([{ v: 7 }])
  } finally {
    await pool.end()
    await host.stop()
  }
})

it('answers an extended-protocol query in one write, as Postgres does, and a failing one too', { timeout: 60_000 }, async () => {
  const host = await hostPglite({ dir: join(root, 'one-write') })
  const client = new pg.Client({ connectionString: host.url })
  await client.connect()
  // Writes by the server's side of a connection (an accepted socket knows its server).
  const write = vi.spyOn(Socket.prototype, 'write')
  const serverWrites = () => write.mock.contexts.filter((socket) => (socket as { server?: unknown }).server).length
  try {
    await client.query('SELECT 1') // the connection is warm
    write.mockClear()
    expect((await client.query<{ v: string }>('SELECT $1::text AS v', ['one'])).rows).toEqual([{ v: 'one' }])
    expect(serverWrites()).toBe(1) // ParseComplete, BindComplete, RowDescription, DataRow, CommandComplete, ReadyForQuery
    write.mockClear()
    await expect(client.query('SELECT $1::int AS v', ['not a number'])).rejects.toThrow(/invalid input syntax/)
    expect(serverWrites()).toBe(1) // ErrorResponse, ReadyForQuery
    expect((await client.query<{ v: number }>('SELECT $1::int AS v', [7])).rows).toEqual([{ v: 7 }])
  } finally {
    write.mockRestore()
    await client.end()
    await host.stop()
  }
})

/** pglite-socket's query queue as keepBatchesTogether sees it, over a database of plain functions:
 * each message answers its own first byte, after `gate` when one is set. */
function fakeQueue() {
  let gate: Promise<void> | undefined
  const q = {
    queue: [] as { handlerId: number; message: Uint8Array; resolve: (n: number) => void; reject: (e: unknown) => void; onData: (d: Uint8Array) => void }[],
    processing: false,
    lastHandlerId: null as number | null,
    db: {
      isInTransaction: () => false,
      runExclusive: <T>(fn: () => Promise<T>) => fn(),
      execProtocolRawStream: async (m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }) => {
        if (gate) await gate
        o.onRawData(m.subarray(0, 1))
      },
    },
    processQueue: async () => {},
    clearQueueForHandler(handlerId: number) {
      q.queue = q.queue.filter((m) => m.handlerId !== handlerId)
    },
  }
  keepBatchesTogether({ queryQueue: q } as never)
  const send = (handlerId: number, type: string, onData: (d: Uint8Array) => void = () => {}) =>
    new Promise<number>((resolve, reject) => {
      q.queue.push({ handlerId, message: new Uint8Array([type.charCodeAt(0), 0, 0, 0, 4]), resolve, reject, onData })
      void q.processQueue()
    })
  return { q, send, setGate: (g: Promise<void> | undefined) => (gate = g) }
}

it('a connection whose socket throws on write, or that closes while its query runs, stops nobody else', async () => {
  const { q, send, setGate } = fakeQueue()
  // Its answer cannot be written: its own query fails, the next connection is answered.
  const broken = send(1, 'P', () => {
    throw new Error('socket gone')
  })
  await broken
  await expect(
    send(1, 'S', () => {
      throw new Error('socket gone')
    }),
  ).rejects.toThrow('socket gone')
  const answers: string[] = []
  await send(2, 'Q', (d) => answers.push(String.fromCharCode(d[0]!)))
  expect(answers).toEqual(['Q'])
  // Closed while its Parse runs: it does not take the backend back once the Parse is done.
  let open!: () => void
  setGate(new Promise<void>((r) => (open = r)))
  const parse = send(3, 'P')
  await Promise.resolve()
  q.clearQueueForHandler(3)
  setGate(undefined)
  open()
  await parse
  await send(4, 'Q', (d) => answers.push(String.fromCharCode(d[0]!)))
  expect(answers).toEqual(['Q', 'Q'])
})
