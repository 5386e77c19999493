// Starts the embedded devnet: one anvil node per supported chain, contracts at their real
// addresses (real Permit2 included), the demo account and every filler key seeded. `stop()` ends every node.
import type { Chain } from 'viem'
import { chains } from '../core/chains/chains'
import { type AnvilNode, freePort, startAnvil } from './anvil'
import { demoAccount, demoSeeds, fillerAccount, fillerAccounts, fillerSeeds } from './demoAccount'
import { createDevnetClient } from './devnetClient'
import { placeContracts } from './placeContracts'
import { seedAccount } from './seedDemoAccount'

export type Devnet = {
  nodes: AnvilNode[]
  rpcUrls: Record<number, string>
  demoAddress: `0x${string}`
  /** The devnet's first filler key's address, funded on every chain. */
  fillerAddress: `0x${string}`
  /** Every devnet filler key's address (each Arbiter's callers), each funded alike on every chain. */
  fillerAddresses: readonly `0x${string}`[]
  stop: () => Promise<void>
}

export type StartDevnetParameters = {
  /** Ports basePort, basePort+1, … in chain order; omit for OS-chosen free ports. */
  basePort?: number
}

export async function startDevnet({ basePort }: StartDevnetParameters = {}): Promise<Devnet> {
  const placed = await Promise.all(
    chains.map(async (chain, i) => ({ chain, port: basePort === undefined ? await freePort() : basePort + i })),
  )
  const started = await Promise.allSettled(
    placed.map(async ({ chain, port }) => ({ chain, node: await startAnvil({ chainId: chain.id, port }) })),
  )
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const nodes = running.map((r) => r.node)
  const stop = async () => void (await Promise.all(nodes.map((n) => n.stop())))

  try {
    const failure = started.find((s) => s.status === 'rejected')
    if (failure) throw failure.reason
    // Every node started: one per chain, in chain order.
    await Promise.all(
      running.map(async ({ chain: c, node }) => {
        const client = createDevnetClient(node.url, c.viem as Chain)
        await placeContracts(client, c.id)
        await seedAccount(client, c.id, demoAccount.address, demoSeeds)
        for (const filler of fillerAccounts) await seedAccount(client, c.id, filler.address, fillerSeeds)
      }),
    )
  } catch (error) {
    await stop()
    throw error
  }

  return {
    nodes,
    rpcUrls: Object.fromEntries(nodes.map((n) => [n.chainId, n.url])),
    demoAddress: demoAccount.address,
    fillerAddress: fillerAccount.address,
    fillerAddresses: fillerAccounts.map((a) => a.address),
    stop,
  }
}
