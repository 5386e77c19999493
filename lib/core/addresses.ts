// Canonical contract addresses, identical on every supported chain unless keyed by chain.
import type { Address } from 'viem'

export const addresses = {
  theCompact: '0x00000000000000171ede64904551eeDF3C6C9788',
  permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  intentExecutor: '0x00000000005aD9ce1f5035FD62CA96CEf16AdAAF',
  /** OP-stack GasPriceOracle predeploy (chains 10 and 8453). */
  gasPriceOracle: '0x420000000000000000000000000000000000000F',
} as const satisfies Record<string, Address>

/** LayerZero OFT adapters, kept with the OFT layer (lib/core/layers/oft/). */
export { oftAdapters } from './layers/oft/adapters'

/** Chainlink USD feeds on Ethereum (chain 1), 8 decimals; the service's price source. */
export const priceFeeds = {
  chainId: 1,
  feeds: {
    ETH: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
    USDC: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6',
    USDT: '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D',
  },
} as const satisfies { chainId: number; feeds: Record<string, Address> }
