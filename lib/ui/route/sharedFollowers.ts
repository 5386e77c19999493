// One follower per key however many components read it (the card and the timeline both follow an
// intent): the first reader starts it, the last one to leave stops it. A follower that failed says so
// to every reader of its key (they fall back to reading the status by polling).
type Follower = { readers: number; stop: () => void; failed: boolean }

export type StartFollower = (fail: () => void) => () => void

export function sharedFollowers() {
  const followers = new Map<string, Follower>()
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }

  /** Adds a reader of `key`, starting its follower if it is the first; the answer removes it again. */
  function follow(key: string, start: StartFollower): () => void {
    let follower = followers.get(key)
    if (follower) follower.readers++
    else {
      const created: Follower = { readers: 1, stop: () => undefined, failed: false }
      followers.set(key, created)
      follower = created
      created.stop = start(() => {
        if (followers.get(key) !== created || created.failed) return
        created.failed = true
        changed()
      })
    }
    let left = false
    return () => {
      if (left) return
      left = true
      const current = followers.get(key)
      if (!current || --current.readers > 0) return
      followers.delete(key)
      current.stop()
    }
  }

  return {
    follow,
    /** Whether the follower of `key` failed (false when nothing follows it). */
    failed: (key: string) => followers.get(key)?.failed ?? false,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** How many keys are followed (for tests). */
    size: () => followers.size,
  }
}
