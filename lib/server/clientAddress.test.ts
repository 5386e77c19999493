import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clientAddress, trustedProxies } from './clientAddress'
import { PEER_HEADER } from './peerHeader'

// As serve.mjs runs the app: it stamps every request's peer.
beforeAll(() => {
  vi.stubEnv('SERVE_STAMPS_PEER', '1')
})
afterAll(() => {
  vi.unstubAllEnvs()
})

const from = (peer: string | undefined, xff?: string) =>
  new Headers({ ...(peer !== undefined ? { [PEER_HEADER]: peer } : {}), ...(xff ? { 'x-forwarded-for': xff } : {}) })

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(from('198.51.100.9', '203.0.113.1'), trustedProxies([]))).toBe('198.51.100.9')
    expect(clientAddress(from('::ffff:127.0.0.1', '203.0.113.1'), trustedProxies([]))).toBe('127.0.0.1')
  })

  it('walks X-Forwarded-For from the right through trusted proxies only', () => {
    const trusted = trustedProxies(['10.0.0.0/8', '::1'])
    expect(clientAddress(from('10.1.2.3', '203.0.113.1'), trusted)).toBe('203.0.113.1')
    // The client prepended a lie; the proxy appended what it saw.
    expect(clientAddress(from('10.1.2.3', '1.2.3.4, 203.0.113.1'), trusted)).toBe('203.0.113.1')
    expect(clientAddress(from('10.1.2.3', '203.0.113.1, 10.9.9.9'), trusted)).toBe('203.0.113.1')
    expect(clientAddress(from('::1', 'not-an-ip'), trusted)).toBe('::1')
    // An untrusted peer's header is ignored.
    expect(clientAddress(from('192.0.2.1', '203.0.113.1'), trusted)).toBe('192.0.2.1')
  })

  it('is "unknown" (one shared budget) when the peer was not stamped', () => {
    expect(clientAddress(from(undefined, '203.0.113.1'), trustedProxies([]))).toBe('unknown')
  })

  it('is "unknown" under a server that does not stamp the peer (bare `next start`), whatever the header says', () => {
    vi.stubEnv('SERVE_STAMPS_PEER', '')
    try {
      expect(clientAddress(from('198.51.100.9', '203.0.113.1'), trustedProxies([]))).toBe('unknown')
    } finally {
      vi.stubEnv('SERVE_STAMPS_PEER', '1')
    }
  })
})
