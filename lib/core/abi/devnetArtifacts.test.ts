// Every fragment the service calls on a contract the devnet stands in for exists in the devnet's
// compiled artifacts with the same signature: if a contract changes, the ABI and the devnet agree.
import { type Abi, type AbiEvent, type AbiFunction, toEventSignature, toFunctionSignature } from 'viem'
import { describe, expect, it } from 'vitest'
import * as artifacts from '../../devnet/contracts/artifacts'
import { allocatorAbi } from './allocator'
import { arbiterAbi } from './arbiter'
import { gasPriceOracleAbi } from './gasPriceOracle'
import { intentExecutorAbi } from './intentExecutor'
import { multicall3Abi, multicall3ViewsAbi } from './multicall3'
import { oftAbi } from './oft'
import { priceFeedAbi } from './priceFeed'
import { lockContractAbi } from './theCompact'
import { wethAbi } from './weth'

const signatures = (abi: Abi) =>
  abi.flatMap((item) =>
    item.type === 'function'
      ? [toFunctionSignature(item as AbiFunction)]
      : item.type === 'event'
        ? [`event ${toEventSignature(item as AbiEvent)}`]
        : [],
  )

const used: [string, Abi, Abi][] = [
  [
    'Multicall3 (aggregate3)',
    multicall3Abi.filter((i) => i.type === 'function' && i.name === 'aggregate3') as Abi,
    artifacts.multicall3.abi as Abi,
  ],
  ['Multicall3 views', multicall3ViewsAbi, artifacts.multicall3.abi as Abi],
  ['GasPriceOracle', gasPriceOracleAbi, artifacts.gasPriceOracle.abi as Abi],
  ['OFT adapter', oftAbi, artifacts.oftAdapter.abi as Abi],
  ['USD price feed', priceFeedAbi, artifacts.priceFeed.abi as Abi],
  ['WETH', wethAbi, artifacts.weth.abi as Abi],
  ['The Compact (canonical fragments)', lockContractAbi, artifacts.resourceLocks.abi as Abi],
  ['Arbiter (devnet-only)', arbiterAbi, artifacts.arbiter.abi as Abi],
  ['Allocator (devnet-only)', allocatorAbi, artifacts.allocator.abi as Abi],
  ['Intent executor (devnet-only)', intentExecutorAbi, artifacts.intentExecutor.abi as Abi],
]

/** Used by the service but absent on the devnet, on purpose (none today). */
const canonicalOnly: Record<string, string[]> = {}

describe('devnet artifacts', () => {
  it.each(used)('%s: every fragment the service uses is in the devnet contract', (name, abi, artifact) => {
    const available = new Set(signatures(artifact))
    const missing = signatures(abi).filter((s) => !available.has(s))
    expect(signatures(abi).length).toBeGreaterThan(0)
    expect(missing).toEqual(canonicalOnly[name] ?? [])
  })
})
