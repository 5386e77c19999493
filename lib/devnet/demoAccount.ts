// The devnet's accounts and what the demo account is seeded with. Both are anvil dev accounts of
// anvil's published default mnemonic, so the node itself can sign for them (the dashboard's demo
// wallet signs through the devnet). Never use these keys on a real chain.
import { type Address, type Hex, parseEther, parseUnits, toHex } from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { chains } from '../core/chains/chains'
import { tokensOnChain } from '../core/tokens/tokens'

export const devnetMnemonic = 'test test test test test test test test test test test junk'

/** Index 0: owner and minter of the devnet contracts, and the one who seeds. */
export const operatorAddress: Address = mnemonicToAccount(devnetMnemonic, { addressIndex: 0 }).address

/** Index 1: the demo account (0x70997970C51812dc3A010C7d01b50e0d17dc79C8). */
export const demoAccount = mnemonicToAccount(devnetMnemonic, { addressIndex: 1 })

/**
 * Index 2: the devnet filler, which claims and fills routes through the devnet's arbiters (each
 * Arbiter is initialised with this address). A devnet-only key of anvil's published mnemonic:
 * anyone can derive it, so never fund it on a real chain. anvil does not unlock it; sign locally.
 */
export const fillerAccount = mnemonicToAccount(devnetMnemonic, { addressIndex: 2 })

/**
 * Index 3: the devnet attester, which signs attestations of destination fills that the arbiters
 * check before paying the filler (each Arbiter is initialised with this address). Distinct from
 * the filler's and the route signer's keys. Devnet-only, like the others.
 */
export const attesterAccount = mnemonicToAccount(devnetMnemonic, { addressIndex: 3 })

/**
 * Index 4: the devnet's OFT relay, standing in for LayerZero's DVNs and executor: it delivers each
 * USDT0 packet an OFT adapter sent to the destination adapter (lib/attester/relayOft.ts), and is
 * paid LayerZero's native fee. Devnet-only, like the others.
 */
export const oftRelayAccount = mnemonicToAccount(devnetMnemonic, { addressIndex: 4 })

/**
 * Index 5: the devnet's second filler key. Each filler process sends from its own key (its own
 * nonce sequence on every chain), so a second process needs a second key; every Arbiter and the
 * intent executor accept both, and both hold the same inventory. Devnet-only, like the others.
 */
export const secondFillerAccount = mnemonicToAccount(devnetMnemonic, { addressIndex: 5 })

/** The devnet's fillers in key order: `devnetFillerKey(i)` is the key of `fillerAccounts[i]`. */
export const fillerAccounts: readonly HDAccount[] = [fillerAccount, secondFillerAccount]

/** The private key of one of these accounts: an account derived from the mnemonic always has one. */
export function devnetPrivateKey(account: HDAccount): Hex {
  const key = account.getHdKey().privateKey
  if (!key) throw new Error(`the devnet account ${account.address} has no private key`)
  return toHex(key)
}

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

/** Each filler's inventory on every devnet chain: 1,000 ETH, 10,000 WETH, 10,000,000 of each 6-decimal token. */
export const fillerSeeds: readonly Seed[] = chains.flatMap((chain) =>
  tokensOnChain(chain.id).flatMap((token): Seed[] => {
    const amount = token.extensions.native
      ? parseEther('1000')
      : token.symbol === 'WETH'
        ? parseEther('10000')
        : token.decimals === 6
          ? parseUnits('10000000', 6)
          : undefined
    return amount === undefined
      ? []
      : [{ chainId: chain.id, symbol: token.symbol, amount, decimals: token.decimals, locked: false }]
  }),
)
