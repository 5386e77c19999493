// Requests exactly as written, over node:http: fetch always sends the URL's Host and normalises the
// method, path and target, which the tests of those very things cannot have.
import { type IncomingHttpHeaders, request } from 'node:http'

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string }

/** `method path` to the app at `baseUrl`, with `headers` (the URL's Host unless they name one). */
export function rawRequest(
  baseUrl: string,
  p: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: p.method, path: p.path, headers: { host: url.host, ...p.headers } },
      (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(p.body)
  })
}

/** A JSON POST with headers of our choosing (a Host among them). */
export function rawPost(baseUrl: string, path: string, body: unknown, headers: Record<string, string>) {
  const text = JSON.stringify(body)
  return rawRequest(baseUrl, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
    body: text,
  })
}
