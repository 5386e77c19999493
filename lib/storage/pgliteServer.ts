// The embedded database served over the Postgres wire protocol on a Unix socket (hostPglite.ts):
// each connection's bytes cut into protocol messages and handed, one at a time, to the queue that
// runs them on PGlite's one session (pgliteBatches.ts), and the answers written back. Before the
// startup message a client may ask for SSL or GSS encryption (refused with 'N', as a server without
// them answers) or send a CancelRequest (dropped: PGlite has no backend process to signal).
import { createServer, type Socket } from 'node:net'
import { type BatchQueue, batchQueue, type PgliteSession } from './pgliteBatches'

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102

export type PgliteServer = { stop: () => Promise<void> }

export type ServePgliteParameters = {
  db: PgliteSession
  /** The Unix socket's path. */
  path: string
  /** Connections over it are told so and closed. */
  maxConnections: number
  pinTimeoutMs?: number
}

export async function servePglite(p: ServePgliteParameters): Promise<PgliteServer> {
  const { db, path, maxConnections, pinTimeoutMs } = p
  const connections = new Map<number, Socket>()
  let lastId = 0
  const queue = batchQueue(db, {
    ...(pinTimeoutMs === undefined ? {} : { pinTimeoutMs }),
    closeConnection: (id) => connections.get(id)?.destroy(),
  })
  const server = createServer((socket) => {
    if (connections.size >= maxConnections) {
      socket.end('Too many connections\n')
      return
    }
    const id = ++lastId
    connections.set(id, socket)
    attach(id, socket, queue, () => connections.delete(id))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of connections.values()) socket.destroy()
      }),
  }
}

/** One connection: its messages in order, each handed over once the queue takes the one before. */
function attach(id: number, socket: Socket, queue: BatchQueue, forget: () => void): void {
  socket.setNoDelay(true)
  let pending: Buffer<ArrayBufferLike> = Buffer.alloc(0)
  let started = false
  let gone = false
  let reading = Promise.resolve()
  const write = (answer: Uint8Array) => {
    if (!gone && answer.length > 0 && socket.writable) socket.write(answer)
  }
  const close = () => {
    if (gone) return
    gone = true
    forget()
    queue.clearQueueForHandler(id)
  }
  const read = async (data: Buffer) => {
    pending = pending.length === 0 ? data : Buffer.concat([pending, data])
    for (;;) {
      if (gone) return
      const length = messageLength(pending, started)
      if (length === undefined || pending.length < length) return
      // Shorter than its own header: not the protocol (and would never be consumed).
      if (length < (started ? 5 : 8)) throw new Error('malformed protocol message')
      const message = pending.subarray(0, length)
      pending = pending.subarray(length)
      if (!started) {
        const code = message.readInt32BE(4)
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write('N')
          continue
        }
        if (code === CANCEL_REQUEST) continue
        started = true
      }
      await queue.enqueue(id, new Uint8Array(message), write)
    }
  }
  socket.on('data', (data) => {
    reading = reading
      .then(() => read(data))
      .catch(() => {
        socket.destroy()
      })
  })
  socket.on('error', () => socket.destroy())
  socket.on('close', close)
}

/** The whole length of the message at the start of `bytes`: before startup, an untyped one (its
 * length first); after, a type byte then the length. Undefined until the length has arrived. */
function messageLength(bytes: Buffer, started: boolean): number | undefined {
  if (!started) return bytes.length < 8 ? undefined : bytes.readInt32BE(0)
  return bytes.length < 5 ? undefined : 1 + bytes.readInt32BE(1)
}
