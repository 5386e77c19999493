import 'server-only'
// API keys are configured as SHA-256 hashes; a presented key is hashed and compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto'
import { ServiceError } from '../core/errors'

export type KeyHash = { label: string; hash: Buffer }

export function parseKeyHashes(entries: readonly string[]): KeyHash[] {
  return entries.map((e) => {
    const [label, hex] = e.split(':') as [string, string]
    return { label, hash: Buffer.from(hex, 'hex') }
  })
}

/** Returns the label of the matching key or throws the client's 401 messages. */
export function authenticate(headers: Headers, keys: readonly KeyHash[]): string {
  const presented = headers.get('x-api-key')
  if (!presented) throw new ServiceError('unauthenticated', 'Authentication is required')
  const digest = createHash('sha256').update(presented, 'utf8').digest()
  let match: string | undefined
  for (const k of keys) if (timingSafeEqual(k.hash, digest)) match ??= k.label // no early exit
  if (!match) throw new ServiceError('unauthenticated', 'Invalid API key')
  return match
}
