// Recipients that would lose the tokens: the zero address, burn addresses, token contracts, and
// the contracts and filler the service itself uses. Nothing on those addresses can spend what
// arrives, so the API refuses them as `recipient` and the dashboard refuses them as typed.
import { zeroAddress } from 'viem'
import { addresses, oftAdapters, priceFeeds } from '../../addresses'
import { defaultAllocator } from '../../locks/defaultLockTag'
import { tokens } from '../../tokens/tokens'
import { arbiterAddresses } from '../settlementLayers'

/** The devnet filler (anvil's test mnemonic, index 2): the account that delivers every route there. */
export const devnetFillerAddress = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const burnAddresses = [
  '0x000000000000000000000000000000000000dEaD', // the customary burn address
  '0xdEAD000000000000000042069420694206942069', // OP-stack chains' burn address
  '0x0000000000000000000000000000000000000001', // the ecrecover precompile
]

let refused: Map<string, string> | undefined

/** What the address is, said as why tokens sent there are lost ("the USDC token contract: tokens
 * sent to it are lost"), or undefined when nothing is known against it. Any letter case. */
export function refusedRecipient(address: string): string | undefined {
  refused ??= refusedAddresses()
  return refused.get(address.toLowerCase())
}

function refusedAddresses(): Map<string, string> {
  const known = new Map<string, string>()
  const add = (address: string, what: string) => known.set(address.toLowerCase(), what)
  const lost = (what: string) => `${what}: tokens sent to it are lost`
  add(zeroAddress, 'the zero address: tokens sent there are burnt')
  for (const a of burnAddresses) add(a, 'a burn address: tokens sent there are lost')
  for (const t of tokens) if (t.address !== zeroAddress) add(t.address, lost(`the ${t.symbol} token contract`))
  add(addresses.theCompact, lost('The Compact (the resource-lock contract)'))
  add(addresses.permit2, lost('the Permit2 contract'))
  add(defaultAllocator, lost("the resource locks' allocator"))
  add(addresses.multicall3, lost('the Multicall3 contract'))
  add(addresses.intentExecutor, lost('the intent executor contract'))
  add(addresses.gasPriceOracle, lost('the gas price oracle'))
  for (const o of Object.values(oftAdapters)) add(o.adapter, lost('a LayerZero OFT adapter'))
  for (const f of Object.values(priceFeeds.feeds)) add(f, lost('a price feed contract'))
  for (const a of arbiterAddresses) add(a, lost('a settlement arbiter contract'))
  add(devnetFillerAddress, 'the filler that delivers routes, not your account')
  return known
}
