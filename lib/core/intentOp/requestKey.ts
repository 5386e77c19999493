// A route request's identity: the same request asked again (re-requests, refreshes) gets the same
// key, so a history can group them. keccak256 over the request's canonical JSON (keys sorted at
// every level, as the server signature's), cut to 16 bytes: enough to tell an account's requests apart.
import { type Hex, keccak256, stringToBytes } from 'viem'
import { canonicalJson } from './canonicalJson'

export function requestKey(request: unknown): Hex {
  return keccak256(stringToBytes(canonicalJson(request))).slice(0, 34) as Hex
}
