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
