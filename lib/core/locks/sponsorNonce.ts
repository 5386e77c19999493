// Route nonces scoped to their sponsor, as on-chain allocators scope them: the nonce's low 160
// bits are the sponsor's address and the high 96 bits its counter. The devnet allocator refuses
// an allocation, claim or allocated transfer whose nonce is not in the sponsor's scope, so nobody
// can consume (and so block) another account's next nonce, however predictable the counter is.
import { type Address, getAddress } from 'viem'

const ADDRESS_BITS = 160n
const ADDRESS_MASK = (1n << ADDRESS_BITS) - 1n
/** The counter's room: a nonce is a uint256. */
export const MAX_NONCE_COUNTER = (1n << 96n) - 1n

export function sponsorNonce(counter: bigint, sponsor: Address): bigint {
  if (counter < 0n || counter > MAX_NONCE_COUNTER) throw new RangeError(`nonce counter ${counter} is outside 0…2^96-1`)
  return (counter << ADDRESS_BITS) | BigInt(sponsor)
}

/** The sponsor a nonce is scoped to. */
export function nonceSponsor(nonce: bigint): Address {
  return getAddress(`0x${(nonce & ADDRESS_MASK).toString(16).padStart(40, '0')}`)
}

export function nonceCounter(nonce: bigint): bigint {
  return nonce >> ADDRESS_BITS
}
