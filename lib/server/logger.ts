import 'server-only'
// Structured logs (pino, JSON lines on stdout): one line per request with its trace id. Key
// material never reaches a line: the redaction list censors the fields that could carry it, and
// nothing logs request headers or the environment.
import pino from 'pino'
import { logEnvSchema, readEnv } from '../config/env'

/** Lines go out in batches, at least every LOG_FLUSH_MS (50 by default; or once 8 KiB wait), not
 * one write each: a request's line was a synchronous write to stdout per request, as costly for the
 * server as writing the answer itself, and it woke whatever reads the output each time. pino writes
 * what waits when the process exits: a server process stopped with SIGTERM exits (serve.mjs) and
 * loses nothing; one killed outright (SIGKILL) loses at most LOG_FLUSH_MS of lines. */
const env = readEnv(logEnvSchema)

export const logger = pino(
  {
    level: env.LOG_LEVEL,
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
  },
  pino.destination({ dest: 1, sync: false, minLength: 8 * 1024, periodicFlush: env.LOG_FLUSH_MS }),
)
