// How API keys are stored in configuration: as the SHA-256 of the key, never the key itself.
import { createHash, randomBytes } from 'node:crypto'

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}

export function generateApiKey(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`
}
