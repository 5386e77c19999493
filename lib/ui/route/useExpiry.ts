'use client'
// A route's expiry, live: whether it has passed (re-rendering once, when it does) and, for a
// countdown, the seconds left (re-rendering every second). Only client-rendered views use these.
import { useEffect, useState } from 'react'
import { secondsLeft } from '../shared/countdown'

// Browsers cap timeouts at 2^31-1 ms (~24.8 days); a later expiry re-checks after that.
const MAX_TIMEOUT = 2 ** 31 - 1

export function useIsExpired(expires: bigint): boolean {
  const [expired, setExpired] = useState(() => secondsLeft(expires, Date.now()) === 0)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const ms = Number(expires) * 1000 - Date.now()
      setExpired(ms <= 0)
      if (ms > 0) timer = setTimeout(check, Math.min(ms, MAX_TIMEOUT))
    }
    check()
    return () => clearTimeout(timer)
  }, [expires])
  return expired
}

export function useSecondsLeft(expires: bigint): number {
  const [left, setLeft] = useState(() => secondsLeft(expires, Date.now()))
  useEffect(() => {
    const tick = () => setLeft(secondsLeft(expires, Date.now()))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [expires])
  return left
}
