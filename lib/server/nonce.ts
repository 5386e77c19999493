import 'server-only'
// Route nonces: never reused. time (ms) << 160 | a random 96-bit process id << 64 | a counter.
// The counter makes them unique within the process, the random id across processes, the time
// across restarts. (Shared storage makes this a database guarantee too: see the storage work.)
import { randomBytes } from 'node:crypto'

const processId = BigInt(`0x${randomBytes(12).toString('hex')}`)
let counter = 0n

export function nextNonce(): bigint {
  counter += 1n
  return (BigInt(Date.now()) << 160n) | (processId << 64n) | (counter & ((1n << 64n) - 1n))
}
