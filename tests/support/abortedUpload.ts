// Clients that hang up mid-body: a POST that declares more body than it sends, then closes the
// connection. Each carries an x-request-id, so its log line can be found (it never sees an answer).
import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import { inject } from 'vitest'

export async function abortedUploads(count: number, path = '/api/v1/intents/route'): Promise<{ requestIds: string[] }> {
  const url = new URL(inject('baseUrl'))
  const requestIds = Array.from({ length: count }, () => `aborted-${randomUUID()}`)
  await Promise.all(
    requestIds.map(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(Number(url.port), url.hostname, () => {
            socket.write(
              [
                `POST ${path} HTTP/1.1`,
                `Host: ${url.host}`,
                'Content-Type: application/json',
                'Content-Length: 100000',
                `x-api-key: ${inject('apiKey')}`,
                `x-request-id: ${id}`,
                '',
                '{"destinationChainId": 8453, "tokenRequests": [',
              ].join('\r\n'),
            )
            // Long enough for the handler to be waiting on the body, then gone.
            setTimeout(() => {
              socket.destroy()
              resolve()
            }, 500)
          })
          socket.on('error', reject)
        }),
    ),
  )
  return { requestIds }
}
