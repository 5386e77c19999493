// The network a client's budgets are kept for: an IPv4 address is one client, an IPv6 address
// stands for its /64 (the smallest network one subscriber is given: anyone holding one can use
// 2^64 addresses). An IPv4-mapped IPv6 address is its IPv4 address. Rate and failure budgets key
// on this, never on the exact IPv6 address.
import { isIP } from 'node:net'

/** `203.0.113.7` → `203.0.113.7`; `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`; anything else as given. */
export function clientNetwork(address: string): string {
  const family = isIP(address)
  if (family !== 6) return address
  const groups = ipv6Groups(address)
  if (groups === undefined) return address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  const prefix = groups.slice(0, 4).map((g) => g.toString(16))
  return `${prefix.join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail and a zone read). */
function ipv6Groups(address: string): number[] | undefined {
  const [text = ''] = address.split('%')
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').flatMap(groupsOf) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const missing = 8 - left.length - right.length
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined
  return [...left, ...Array<number>(missing).fill(0), ...right]
}

function groupsOf(part: string): number[] {
  if (!part.includes('.')) return [Number.parseInt(part, 16)]
  const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number)
  return [(a << 8) | b, (c << 8) | d]
}
