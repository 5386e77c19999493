import 'server-only'
// Structured logs (pino, JSON lines on stdout): one line per request with its trace id. Key
// material never reaches a line: the redaction list censors the fields that could carry it, and
// nothing logs request headers or the environment.
import pino from 'pino'
import { logEnvSchema, readEnv } from '../config/env'

export const logger = pino({
  level: readEnv(logEnvSchema).LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: [
      'apiKey',
      'key',
      'headers["x-api-key"]',
      'headers.authorization',
      'privateKey',
      'signer',
      'SIGNER_PRIVATE_KEY',
      'BROWSER_API_KEY',
      'DATABASE_URL',
      '*.apiKey',
      '*.privateKey',
    ],
    censor: '[redacted]',
  },
})
