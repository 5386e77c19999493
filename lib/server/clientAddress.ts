import 'server-only'
// The address a request comes from, which nobody can choose for themselves: the socket's peer
// (stamped on the request by serve.mjs: peerHeader.ts), and X-Forwarded-For only as far as the hops in it were
// added by proxies listed in TRUSTED_PROXIES — walked from the right, the first untrusted hop is the client.
import { BlockList, isIP } from 'node:net'
import type { RequestHeaders } from './apiRequest'
import { stampedPeer } from './peerHeader'

export type TrustedProxies = { check: (address: string) => boolean }

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList()
  for (const entry of entries) {
    const [ip, bits] = entry.split('/') as [string, string | undefined]
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(ip, type)
    else list.addSubnet(ip, Number(bits), type)
  }
  return {
    check: (address) => {
      const family = isIP(address)
      return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
    },
  }
}

export function clientAddress(headers: RequestHeaders, trusted: TrustedProxies): string {
  const peer = normalize(stampedPeer(headers))
  if (!peer) return 'unknown'
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => normalize(h.trim()))
    .filter(Boolean)
  let client = peer
  while (trusted.check(client) && hops.length > 0) {
    const next = hops.pop()
    if (next === undefined) break
    if (isIP(next) === 0) break // a hop that is no address: stop at the last trusted one's word
    client = next
  }
  return client
}

/** `::ffff:127.0.0.1` is 127.0.0.1. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}
