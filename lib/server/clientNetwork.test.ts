import { describe, expect, it } from 'vitest'
import { clientNetwork } from './clientNetwork'

describe('clientNetwork', () => {
  it('keeps an IPv4 address as one client', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('203.0.113.8')).toBe('203.0.113.8')
  })

  it('groups every IPv6 address of a /64 into one, however it is written', () => {
    const network = '2001:db8:1:2::/64'
    const written = ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:aaaa::']
    for (const a of [...written, '2001:db8:1:2:0:0:0:9%eth0']) expect(clientNetwork(a), a).toBe(network)
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
    expect(clientNetwork('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64')
    expect(clientNetwork('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64')
  })

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:198.51.100.9')).toBe('198.51.100.9')
    expect(clientNetwork('::ffff:c633:6409')).toBe('198.51.100.9')
  })

  it('leaves what is no address as given (one shared budget)', () => {
    expect(clientNetwork('unknown')).toBe('unknown')
  })
})
