// What is wrong with an address typed into the route builder, in words: a checksum that does not
// match (a typo, said as such rather than "not an address"), and recipients that would lose the
// tokens — the zero address, burn addresses, token contracts, and the contracts and filler the
// service itself uses. Those are refused outright: nothing on those addresses can spend what arrives.
import { getAddress, isAddress, zeroAddress } from 'viem'
import { addresses, oftAdapters, priceFeeds } from '../../core/addresses'
import { arbiterAddresses } from '../../core/route/settlementLayers'
import { tokens } from '../../core/tokens/tokens'

/** The devnet filler (anvil's test mnemonic, index 2): the account that delivers every route here. */
export const devnetFillerAddress = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const burnAddresses = ['0x000000000000000000000000000000000000dEaD', '0xdEAD000000000000000042069420694206942069', '0x0000000000000000000000000000000000000001']

function knownAddresses(): Map<string, string> {
  const known = new Map<string, string>()
  const add = (address: string, what: string) => known.set(address.toLowerCase(), what)
  add(zeroAddress, 'the zero address: tokens sent there are burnt')
  for (const a of burnAddresses) add(a, 'a burn address: tokens sent there are lost')
  for (const t of tokens) if (t.address !== zeroAddress) add(t.address, `the ${t.symbol} token contract: tokens sent to it are lost`)
  add(addresses.theCompact, 'The Compact (the resource-lock contract): tokens sent to it are lost')
  add(addresses.permit2, 'the Permit2 contract: tokens sent to it are lost')
  add(addresses.multicall3, 'the Multicall3 contract: tokens sent to it are lost')
  add(addresses.intentExecutor, 'the intent executor contract: tokens sent to it are lost')
  add(addresses.gasPriceOracle, 'the gas price oracle: tokens sent to it are lost')
  for (const o of Object.values(oftAdapters)) add(o.adapter, 'a LayerZero OFT adapter: tokens sent to it are lost')
  for (const f of Object.values(priceFeeds.feeds)) add(f, 'a price feed contract: tokens sent to it are lost')
  for (const a of arbiterAddresses) add(a, 'a settlement arbiter contract: tokens sent to it are lost')
  add(devnetFillerAddress, 'the filler that delivers routes, not your account')
  return known
}

let known: Map<string, string> | undefined

/** "0x" and 40 hex digits whose mixed case is not its EIP-55 checksum. */
export function isBadChecksum(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text) && !isAddress(text)
}

/** The problem with an address field, or undefined when it is a well-formed address. */
export function addressFormatProblem(text: string, what = 'Must be a 0x-prefixed 20-byte address.'): string | undefined {
  if (isBadChecksum(text))
    return `The checksum does not match (the mix of upper and lower case letters): a letter is probably mistyped. Expected ${getAddress(text.toLowerCase())} if the digits are right.`
  return isAddress(text) ? undefined : what
}

/** Why tokens must not be sent to this recipient, or undefined when nothing is known against it. */
export function recipientProblem(address: string): string | undefined {
  known ??= knownAddresses()
  const what = known.get(address.toLowerCase())
  return what ? `This is ${what}. Enter the address that should receive the tokens.` : undefined
}
