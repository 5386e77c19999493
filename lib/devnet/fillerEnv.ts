// The filler's environment on the devnet: the nodes, the database, and the devnet filler's key
// (anvil's published test mnemonic, index 2: a devnet-only key, seeded with inventory at start).
import { toHex } from 'viem'
import { fillerAccount } from './demoAccount'

export function devnetFillerKey(): `0x${string}` {
  return toHex(fillerAccount.getHdKey().privateKey!)
}

export function devnetFillerEnv(rpcUrls: Record<number, string>, databaseUrl: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [`RPC_URL_${id}`, url])),
    DATABASE_URL: databaseUrl,
    FILLER_PRIVATE_KEY: devnetFillerKey(),
  }
}
