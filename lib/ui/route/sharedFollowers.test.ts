import { describe, expect, it, vi } from 'vitest'
import { sharedFollowers } from './sharedFollowers'

describe('sharedFollowers', () => {
  it('starts one follower for every reader of a key and stops it when the last one leaves', () => {
    const f = sharedFollowers()
    const stop = vi.fn()
    const start = vi.fn(() => stop)
    const leaveA = f.follow('7', start)
    const leaveB = f.follow('7', start)
    expect(start).toHaveBeenCalledTimes(1)
    leaveA()
    leaveA()
    expect(stop).not.toHaveBeenCalled()
    leaveB()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(f.size()).toBe(0)
    f.follow('7', start)
    expect(start).toHaveBeenCalledTimes(2)
  })

  it('tells every reader once when the follower fails, and forgets it once nobody reads the key', () => {
    const f = sharedFollowers()
    let fail: () => void = () => undefined
    const listener = vi.fn()
    f.subscribe(listener)
    const leave = f.follow('7', (failed) => {
      fail = failed
      return () => undefined
    })
    expect(f.failed('7')).toBe(false)
    fail()
    fail()
    expect(f.failed('7')).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
    leave()
    expect(f.failed('7')).toBe(false)
    // A failure reported by a follower that was stopped changes nothing.
    fail()
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
