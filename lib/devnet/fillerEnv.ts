// The filler's and the attester's environments on the devnet: the nodes, the database, and each
// one's devnet key (anvil's published test mnemonic, index 2 and 3: devnet-only keys); the attester
// process also relays the devnet's OFT packets with the relay's key (index 4).
import { attesterAccount, devnetPrivateKey, fillerAccount, oftRelayAccount } from './demoAccount'

export function devnetFillerKey(): `0x${string}` {
  return devnetPrivateKey(fillerAccount)
}

export function devnetAttesterKey(): `0x${string}` {
  return devnetPrivateKey(attesterAccount)
}

const rpcEnv = (rpcUrls: Record<number, string>) =>
  Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url]))

export function devnetFillerEnv(rpcUrls: Record<number, string>, databaseUrl: string): Record<string, string> {
  return { ...rpcEnv(rpcUrls), DATABASE_URL: databaseUrl, FILLER_PRIVATE_KEY: devnetFillerKey() }
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
