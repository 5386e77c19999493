// The devnet's demo account and what it is seeded with. Its key is a published devnet-only key
// (derived from a fixed label): never use it on a real chain.
import { keccak256, parseEther, parseUnits, stringToHex, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export const demoPrivateKey = keccak256(stringToHex('intent-router/devnet/demo-account'))
export const demoAccount = privateKeyToAccount(demoPrivateKey)

/** Anvil's first default account: owner and minter of the devnet contracts. */
export const operatorAddress: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export type Seed = { chainId: number; symbol: string; amount: bigint; decimals: number; locked: boolean }

const usd = (v: string) => parseUnits(v, 6)

export const demoSeeds: readonly Seed[] = [
  { chainId: 1, symbol: 'ETH', amount: parseEther('2'), decimals: 18, locked: false },
  { chainId: 1, symbol: 'WETH', amount: parseEther('1.5'), decimals: 18, locked: false },
  { chainId: 10, symbol: 'ETH', amount: parseEther('0.5'), decimals: 18, locked: false },
  { chainId: 10, symbol: 'USDC', amount: usd('500'), decimals: 6, locked: true },
  { chainId: 10, symbol: 'USDT0', amount: usd('150'), decimals: 6, locked: false },
  { chainId: 8453, symbol: 'ETH', amount: parseEther('0.75'), decimals: 18, locked: false },
  { chainId: 8453, symbol: 'USDC', amount: usd('1250.5'), decimals: 6, locked: false },
  { chainId: 42161, symbol: 'ETH', amount: parseEther('0.25'), decimals: 18, locked: false },
  { chainId: 42161, symbol: 'USDC', amount: usd('800'), decimals: 6, locked: false },
  { chainId: 42161, symbol: 'USDT0', amount: usd('300'), decimals: 6, locked: false },
]
