// What is wrong with an address typed into the route builder, in words: a checksum that does not
// match (a typo, said as such rather than "not an address"), and recipients that would lose the
// tokens — the zero address, burn addresses, token contracts, and the contracts and filler the
// service itself uses (refusedRecipient.ts, which the API applies too). Those are refused outright:
// nothing on those addresses can spend what arrives.
import { getAddress, isAddress } from 'viem'
import { refusedRecipient } from '../../core/route/request/refusedRecipient'

/** "0x" and 40 hex digits whose mixed case is not its EIP-55 checksum. */
export function isBadChecksum(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text) && !isAddress(text)
}

/** The problem with an address field, or undefined when it is a well-formed address. */
export function addressFormatProblem(
  text: string,
  what = 'Must be a 0x-prefixed 20-byte address.',
): string | undefined {
  if (isBadChecksum(text))
    return `The checksum does not match (the mix of upper and lower case letters): a letter is probably mistyped. Expected ${getAddress(text.toLowerCase())} if the digits are right.`
  return isAddress(text) ? undefined : what
}

/** Why tokens must not be sent to this recipient, or undefined when nothing is known against it. */
export function recipientProblem(address: string): string | undefined {
  const what = refusedRecipient(address)
  return what ? `This is ${what}. Enter the address that should receive the tokens.` : undefined
}
