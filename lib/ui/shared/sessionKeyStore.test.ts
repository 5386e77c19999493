import { describe, expect, it } from 'vitest'
import { createSessionKeyStore } from './sessionKeyStore'

function fakeStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size
    },
  }
}

describe('sessionKeyStore', () => {
  it('keeps a pasted key in session storage and tells subscribers', () => {
    const storage = fakeStorage()
    const store = createSessionKeyStore(() => storage)
    let calls = 0
    store.subscribe(() => calls++)
    store.set('  ir_live_abc  ')
    expect(store.get()).toBe('ir_live_abc')
    expect(createSessionKeyStore(() => storage).get()).toBe('ir_live_abc') // a reload in the same tab
    store.set(undefined)
    expect(store.get()).toBeUndefined()
    expect(calls).toBe(2)
  })

  it('treats a blank key as no key', () => {
    const store = createSessionKeyStore(() => fakeStorage())
    store.set('   ')
    expect(store.get()).toBeUndefined()
  })

  it('falls back to memory when storage refuses', () => {
    const refusing = {
      ...fakeStorage(),
      setItem: () => {
        throw new Error('denied')
      },
      getItem: () => {
        throw new Error('denied')
      },
    } as Storage
    const store = createSessionKeyStore(() => refusing)
    store.set('k')
    expect(store.get()).toBe('k')
  })

  it('has no key on the server', () => {
    expect(createSessionKeyStore(() => undefined).get()).toBeUndefined()
  })
})
