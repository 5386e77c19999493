// The recipient field takes an address or an ENS name. A name is looked up on Ethereum (chain 1)
// through the Universal Resolver; where chain 1 has no ENS registry (the devnet's node), the field
// says so and asks for an address — a name is never turned into an address any other way. Until a
// name has resolved, nothing can be sent.
import type { Address } from 'viem'

export type RecipientInput = { kind: 'empty' } | { kind: 'address'; text: string } | { kind: 'ens'; name: string }

/** What the reader typed: empty, something address-like (checked as an address), or an ENS name
 * (lower-cased; its UTS-46 normalisation is checked with the lookup, see normalizeEnsName). */
export function recipientInput(typed: string): RecipientInput {
  const text = typed.trim()
  if (!text) return { kind: 'empty' }
  if (/^0x[0-9a-fA-F]*$/.test(text) || !text.includes('.')) return { kind: 'address', text }
  return { kind: 'ens', name: text.toLowerCase() }
}

/** The name normalised (UTS-46, viem/ens — loaded only when a name is typed: its tables are large),
 * or why it is not a valid ENS name. */
export async function normalizeEnsName(name: string): Promise<{ normalized: string } | { problem: string }> {
  const { normalize } = await import('viem/ens')
  try {
    return { normalized: normalize(name) }
  } catch {
    return {
      problem: `“${name}” is not a valid ENS name: labels of letters, digits or emoji, separated by single dots (e.g. name.eth).`,
    }
  }
}

/** A name's lookup, as the field keeps it in the form. */
export type EnsLookup = { name: string } & (
  | { status: 'checking' }
  | { status: 'invalid'; problem: string }
  | { status: 'resolved'; address: Address }
  | { status: 'not-found' }
  | { status: 'no-registry' }
  | { status: 'failed'; message: string }
)

/** The recipient address the request is sent with, or why there is none yet. */
export function recipientAddress(typed: string, lookup: EnsLookup | undefined): { address?: string; problem?: string } {
  const input = recipientInput(typed)
  switch (input.kind) {
    case 'empty':
      return {}
    case 'address':
      return { address: input.text }
    case 'ens': {
      const found = lookup?.name === input.name ? lookup : undefined
      if (!found || found.status === 'checking') return { problem: `Looking up ${input.name} on Ethereum…` }
      return found.status === 'resolved' ? { address: found.address } : { problem: ensProblem(found) }
    }
  }
}

/** The field's line under a name: what it resolved to, or why it did not. */
export function ensNote(lookup: EnsLookup): string {
  if (lookup.status === 'checking') return `Looking up ${lookup.name} on Ethereum…`
  if (lookup.status === 'resolved') return `${lookup.name} resolves to ${lookup.address} on Ethereum.`
  return ensProblem(lookup)
}

function ensProblem(lookup: EnsLookup): string {
  switch (lookup.status) {
    case 'invalid':
      return lookup.problem
    case 'not-found':
      return `${lookup.name} has no address on Ethereum: check the name, or enter a 0x address.`
    case 'no-registry':
      return `ENS names cannot be resolved on this network: its Ethereum node has no ENS registry (the devnet has none). Enter ${lookup.name}’s 0x address instead.`
    case 'failed':
      return `${lookup.name} could not be looked up (${lookup.message}). Try again, or enter a 0x address.`
    default:
      return ''
  }
}
