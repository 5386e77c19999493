// The filler's and the attester's environments on the devnet: the nodes, the database, and each
// one's devnet key (anvil's published test mnemonic: the fillers at index 2 and 5, the attester at
// 3; devnet-only keys); the attester process also relays the devnet's OFT packets with the relay's
// key (index 4).
import { attesterAccount, devnetPrivateKey, fillerAccounts, oftRelayAccount } from './demoAccount'

/** The key of the devnet's `keyIndex`-th filler (0: anvil index 2, 1: anvil index 5). */
export function devnetFillerKey(keyIndex = 0): `0x${string}` {
  const account = fillerAccounts[keyIndex]
  if (!account) throw new Error(`the devnet has ${fillerAccounts.length} filler keys, not one at ${keyIndex}`)
  return devnetPrivateKey(account)
}

export function devnetAttesterKey(): `0x${string}` {
  return devnetPrivateKey(attesterAccount)
}

const rpcEnv = (rpcUrls: Record<number, string>) =>
  Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url]))

/** A filler process's environment on the devnet, sending from the `keyIndex`-th devnet filler key. */
export function devnetFillerEnv(
  rpcUrls: Record<number, string>,
  databaseUrl: string,
  keyIndex = 0,
): Record<string, string> {
  return { ...rpcEnv(rpcUrls), DATABASE_URL: databaseUrl, FILLER_PRIVATE_KEY: devnetFillerKey(keyIndex) }
}

export function devnetAttesterEnv(rpcUrls: Record<number, string>, databaseUrl: string): Record<string, string> {
  const relayKey = devnetPrivateKey(oftRelayAccount)
  return {
    ...rpcEnv(rpcUrls),
    DATABASE_URL: databaseUrl,
    ATTESTER_PRIVATE_KEY: devnetAttesterKey(),
    OFT_RELAY_PRIVATE_KEY: relayKey,
  }
}
