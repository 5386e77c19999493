// Several connections querying the embedded database at once, as the app, the filler and the
// attester do: every parameterized query gets its own parameters and its own answer, and a failing
// one does not stop the queue. (The interleaving itself needs a query's messages to arrive in
// separate reads, as on a loaded machine; the adversarial settlement suite met it there.)
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, it, vi } from 'vitest'
import { hostPglite } from './hostPglite'
import { batchQueue } from './pgliteBatches'

const root = mkdtempSync(join(tmpdir(), 'ir-pglite-batches-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('keeps each connection’s extended-protocol batch together: ' +
  '300 concurrent queries over 8 connections, all answered right', {
  timeout: 120_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'db') })
  const pool = new pg.Pool({ connectionString: host.url, max: 8 })
  try {
    const queries = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? pool.query<{ v: string }>('SELECT $1::text AS v', [`one-${i}`]).then((r) => [r.rows[0]!.v, `one-${i}`])
        : i % 3 === 1
          ? pool
              .query<{ v: string }>('SELECT $1::text || $2::text AS v', [`two-${i}`, '!'])
              .then((r) => [r.rows[0]!.v, `two-${i}!`])
          : pool
              .query<{ v: string }>('SELECT $1::text || $2::text || $3::text AS v', ['th', 'ree-', `${i}`])
              .then((r) => [r.rows[0]!.v, `three-${i}`]),
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

it('answers an extended-protocol query in one write, as Postgres does, and a failing one too', {
  timeout: 60_000,
}, async () => {
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
    // ParseComplete, BindComplete, RowDescription, DataRow, CommandComplete, ReadyForQuery
    expect(serverWrites()).toBe(1)
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

/** The queue over a database of plain functions: each message answers its own first byte, after
 * `gate` when one is set. */
function fakeQueue() {
  let gate: Promise<void> | undefined
  /** What each call into the database ran, as its messages' types. */
  const ran: string[] = []
  const db = {
    closed: false,
    // As PGlite's once closed: its module is gone.
    isInTransaction: () => {
      if (db.closed) throw new TypeError("Cannot read properties of undefined (reading '_IsTransactionBlock')")
      return false
    },
    runExclusive: <T>(fn: () => Promise<T>) => fn(),
    execProtocolRawStream: async (m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }) => {
      ran.push(
        Array.from(
          m.filter((_, i) => i % 5 === 0),
          (c) => String.fromCharCode(c),
        ).join(''),
      ) // the types of its 5-byte messages
      if (gate) await gate
      o.onRawData(m.subarray(0, 1))
    },
  }
  const queue = batchQueue(db, { closeConnection: () => {} })
  const q = { db, clearQueueForHandler: queue.clearQueueForHandler }
  // What a connection's server does with each message it reads.
  const send = (handlerId: number, type: string, onData: (d: Uint8Array) => void = () => {}) =>
    queue.enqueue(handlerId, new Uint8Array([type.charCodeAt(0), 0, 0, 0, 4]), onData)
  return { q, send, ran, setGate: (g: Promise<void> | undefined) => (gate = g) }
}

it('a batch message that arrives as the database closes raises nothing afterwards', async () => {
  const { q, send, ran } = fakeQueue()
  await send(1, 'P') // taken at once; the queue runs on the next turn…
  q.db.closed = true // …by which time the host has stopped
  await new Promise((r) => setImmediate(r))
  await new Promise((r) => setImmediate(r))
  expect(ran).toEqual([])
  q.clearQueueForHandler(1) // the server's forgetting of the connection, after the close
})

it(
  'runs a batch that arrived together in one call, and one whose ' +
    'Sync comes later with what has arrived, nobody else in between',
  async () => {
    const { send, ran } = fakeQueue()
    const writes: Uint8Array[] = []
    const early = ['P', 'B', 'D', 'E'].map((t) => send(1, t))
    await send(1, 'S', (d) => writes.push(d))
    await Promise.all(early)
    expect(ran).toEqual(['PBDES'])
    expect(writes).toHaveLength(1)
    // Connection 2's Sync has not arrived when its Parse and Bind run; connection 3's query waits for it.
    ran.length = 0
    void send(2, 'P')
    void send(2, 'B')
    await new Promise((r) => setImmediate(r))
    const other = send(3, 'Q')
    await new Promise((r) => setImmediate(r))
    await send(2, 'S')
    await other
    expect(ran).toEqual(['PB', 'S', 'Q'])
  },
)

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
  await new Promise((r) => setImmediate(r)) // a Parse is taken at once and runs on the next turn: it is running now
  q.clearQueueForHandler(3)
  setGate(undefined)
  open()
  await parse
  await send(4, 'Q', (d) => answers.push(String.fromCharCode(d[0]!)))
  expect(answers).toEqual(['Q', 'Q'])
})

it('closes a connection that holds the database in a transaction ' +
  'without a word while others wait, and rolls back what it held', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'pinned'), pinTimeoutMs: 300 })
  const holder = new pg.Client({ connectionString: host.url })
  const other = new pg.Client({ connectionString: host.url })
  holder.on('error', () => {})
  try {
    await holder.connect()
    await other.connect()
    await holder.query('CREATE TABLE held (n int)')
    await holder.query('BEGIN')
    await holder.query('INSERT INTO held VALUES (1)')
    // The holder goes quiet inside its transaction: the other connection is answered once the bound
    // is over (not never), without the holder's row, and outside any transaction.
    const { rows } = await within(10_000, other.query('SELECT count(*)::int AS n FROM held'))
    expect(rows).toEqual([{ n: 0 }])
    await expect(within(10_000, holder.query('SELECT 1'))).rejects.toThrow()
    expect((await other.query('SELECT txid_current_if_assigned() AS tx')).rows).toEqual([{ tx: null }])
  } finally {
    await holder.end().catch(() => {})
    await other.end()
    await host.stop()
  }
})

it('lets a connection that keeps working inside its transaction finish, however long others wait', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'busy'), pinTimeoutMs: 300 })
  const worker = new pg.Client({ connectionString: host.url })
  const other = new pg.Client({ connectionString: host.url })
  try {
    await worker.connect()
    await other.connect()
    await worker.query('CREATE TABLE busy (n int)')
    await worker.query('BEGIN')
    const waiting = other.query('SELECT count(*)::int AS n FROM busy')
    // Ten statements 100 ms apart: a second in all, never 300 ms silent.
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 100))
      await worker.query('INSERT INTO busy VALUES ($1)', [i])
    }
    await worker.query('COMMIT')
    expect((await within(10_000, waiting)).rows).toEqual([{ n: 10 }])
  } finally {
    await worker.end()
    await other.end()
    await host.stop()
  }
})

/** A raw protocol connection to the hosted database, started up and ready for queries. */
async function rawConnection(socketDir: string) {
  const socket = connect(join(socketDir, '.s.PGSQL.5432'))
  let received = Buffer.alloc(0)
  const waiters: (() => void)[] = []
  socket.on('data', (d) => {
    received = Buffer.concat([received, d])
    for (const w of waiters.splice(0)) w()
  })
  /** Resolves with the body of the next backend message of this type, reading past the ones before it. */
  const until = async (type: string): Promise<Buffer> => {
    for (;;) {
      while (received.length >= 5 && received.length >= 1 + received.readInt32BE(1)) {
        const got = String.fromCharCode(received[0]!)
        const body = received.subarray(5, 1 + received.readInt32BE(1))
        received = received.subarray(1 + received.readInt32BE(1))
        if (got === type) return body
      }
      await new Promise<void>((r) => waiters.push(r))
    }
  }
  const message = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeInt32BE(body.length + 4)
    return Buffer.concat([Buffer.from(type), length, body])
  }
  const cstring = (s: string) => Buffer.from(`${s}\0`)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const params = Buffer.concat([
    cstring('user'),
    cstring('postgres'),
    cstring('database'),
    cstring('postgres'),
    Buffer.from([0]),
  ])
  const startup = Buffer.alloc(8)
  startup.writeInt32BE(params.length + 8)
  startup.writeInt32BE(196608, 4)
  socket.write(Buffer.concat([startup, params]))
  await until('Z')
  return {
    socket,
    until,
    /** A simple query, answered once its ReadyForQuery arrives. */
    query: async (sql: string) => {
      socket.write(message('Q', cstring(sql)))
      await until('Z')
    },
    /** Parse of an unnamed statement, then Flush, but no Sync: the batch stays open. */
    parse: (sql: string) =>
      socket.write(
        Buffer.concat([
          message('P', Buffer.concat([cstring(''), cstring(sql), Buffer.from([0, 0])])),
          message('H', Buffer.alloc(0)),
        ]),
      ),
    /** Bind of the unnamed statement to the unnamed portal, Execute, then Flush, but no Sync. */
    execute: () =>
      socket.write(
        Buffer.concat([
          message('B', Buffer.concat([cstring(''), cstring(''), Buffer.from([0, 0, 0, 0, 0, 0])])),
          message('E', Buffer.concat([cstring(''), Buffer.from([0, 0, 0, 0])])),
          message('H', Buffer.alloc(0)),
        ]),
      ),
    /** Sync: the batch ends. */
    sync: () => socket.write(message('S', Buffer.alloc(0))),
  }
}

/** The first column of a DataRow's body, as text. */
const firstColumn = (row: Buffer) => row.subarray(6, 6 + row.readInt32BE(2)).toString()

/** Resolves with the promise's value, or fails when it takes longer than `ms` (a hung query). */
function within<T>(ms: number, p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ])
}

it('runs no other connection’s message inside a batch before its Sync ' +
  '(pglite-socket’s own queue did: the other’s Parse replaced the statement)', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'interleaved') })
  try {
    const [a, b] = [await rawConnection(host.socketDir), await rawConnection(host.socketDir)]
    a.parse('SELECT 1 AS a')
    await a.until('1') // ParseComplete: a's batch is open, its Sync not sent
    b.parse('SELECT 2 AS b')
    let bParsed = false
    const bAnswer = b.until('1').then(() => (bParsed = true))
    await new Promise((r) => setTimeout(r, 100))
    expect(bParsed).toBe(false) // b waits for a's Sync
    a.execute()
    expect(firstColumn(await a.until('D'))).toBe('1') // a's own statement, not b's
    a.sync()
    await a.until('Z')
    await within(5_000, bAnswer)
    b.sync()
    await b.until('Z')
    a.socket.destroy()
    b.socket.destroy()
  } finally {
    await host.stop()
  }
})

it('a connection that dies after a failed message of an unfinished batch costs the next connection nothing', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'dies-mid-batch') })
  const client = new pg.Client({ connectionString: host.url })
  try {
    const raw = await rawConnection(host.socketDir)
    raw.parse('SELEC nonsense') // an ErrorResponse: the backend now discards messages until a Sync
    await raw.until('E')
    raw.socket.destroy()
    await client.connect()
    expect((await within(5_000, client.query<{ v: string }>('SELECT $1::text AS v', ['mine']))).rows).toEqual([
      { v: 'mine' },
    ])
  } finally {
    await client.end().catch(() => {})
    await host.stop()
  }
})

it('a connection that dies inside its transaction leaves no row and no transaction behind', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'dies-in-transaction') })
  const setup = new pg.Client({ connectionString: host.url })
  const other = new pg.Client({ connectionString: host.url })
  try {
    await setup.connect()
    await setup.query('CREATE TABLE t (v int)')
    await setup.end()
    // A client's BEGIN and INSERT, then its socket is destroyed (pglite-socket rolled this one back).
    const dying = new pg.Client({ connectionString: host.url })
    dying.on('error', () => {})
    await dying.connect()
    await dying.query('BEGIN')
    await dying.query('INSERT INTO t VALUES ($1)', [1])
    ;(dying as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
    // The same, but the dying connection also left a failed, unfinished batch: the backend then
    // discarded pglite-socket's ROLLBACK, and everyone's queries met the aborted transaction.
    const raw = await rawConnection(host.socketDir)
    await raw.query('BEGIN')
    await raw.query('INSERT INTO t VALUES (2)')
    raw.parse('SELEC nonsense')
    await raw.until('E')
    raw.socket.destroy()
    await other.connect()
    // Not inside either transaction: no transaction id of its own yet, and neither row.
    expect((await within(5_000, other.query('SELECT txid_current_if_assigned() AS id'))).rows).toEqual([{ id: null }])
    expect((await within(5_000, other.query('SELECT count(*)::int AS n FROM t'))).rows).toEqual([{ n: 0 }])
  } finally {
    await other.end().catch(() => {})
    await host.stop()
  }
})

it('a connection that dies before the Sync of its INSERT leaves no row, as Postgres does', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'dies-before-sync') })
  const other = new pg.Client({ connectionString: host.url })
  try {
    const raw = await rawConnection(host.socketDir)
    await raw.query('CREATE TABLE t (v int)')
    raw.parse('INSERT INTO t VALUES (1)')
    await raw.until('1') // ParseComplete
    raw.execute()
    await raw.until('C') // CommandComplete: the row is written, in a transaction only its Sync would commit
    raw.socket.destroy()
    await other.connect()
    expect((await within(5_000, other.query('SELECT count(*)::int AS n FROM t'))).rows).toEqual([{ n: 0 }])
  } finally {
    await other.end().catch(() => {})
    await host.stop()
  }
})

it('closes a connection whose message is shorter than its own header, and serves the next', {
  timeout: 60_000,
}, async () => {
  const host = await hostPglite({ dir: join(root, 'malformed') })
  const client = new pg.Client({ connectionString: host.url })
  try {
    const socket = connect(join(host.socketDir, '.s.PGSQL.5432'))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.on('error', () => {})
    // A startup message claiming a length of 0: it could never be consumed.
    socket.write(Buffer.alloc(8))
    await within(5_000, closed)
    await client.connect()
    expect((await within(5_000, client.query<{ v: number }>('SELECT 1 AS v'))).rows).toEqual([{ v: 1 }])
  } finally {
    await client.end().catch(() => {})
    await host.stop()
  }
})
