// A chain's head as settlement passes read it for their deadline checks (the pass clock's `head`,
// chainPorts.ts).
import type { PublicClient } from 'viem'

/** The oldest read of a chain's head a pass still joins (ms since it was sent). A read that has
 * been out longer (a slow node, a batch behind a slow call) is not joined: a fresh one goes out,
 * so one stalled request never holds every pass on its chain, nor hands them a head read long ago. */
export const MAX_JOIN_MS = 500

type Read = { sentAt: number; timestamp: Promise<bigint> }

/** The read of each chain's latest block under way, by its client. */
const underWay = new WeakMap<PublicClient, Read>()

/** The latest block's timestamp. Passes settled side by side ask for the same chain's head at the
 * same moments (each step's deadline checks): one asking while a read of that chain sent less than
 * MAX_JOIN_MS ago is under way joins it and gets the head the node answered with, as a read of its
 * own sent that much earlier would have; a failure fails all who joined. The read is forgotten once
 * answered: the next pass asks again. */
export function headTimestamp(client: PublicClient, now: () => number = performance.now.bind(performance)) {
  const joined = underWay.get(client)
  if (joined && now() - joined.sentAt < MAX_JOIN_MS) return joined.timestamp
  const read: Read = {
    sentAt: now(),
    timestamp: client.getBlock({ blockTag: 'latest' }).then((block) => block.timestamp),
  }
  const done = () => {
    if (underWay.get(client) === read) underWay.delete(client)
  }
  read.timestamp.then(done, done)
  underWay.set(client, read)
  return read.timestamp
}
