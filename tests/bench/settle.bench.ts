// Settlement on the devnet: 20 signed routes (each a fresh account's locked USDC on OP Mainnet to
// Base) submitted at once; per intent the time from submit to COMPLETED (ms, and destination
// blocks), the filler's throughput, and the proof that nothing was lost or filled twice (every
// intent COMPLETED, one Filled event per intent on chain). Benchmarks inform, they don't gate:
// an error (a lost or double fill) exits non-zero.
import { type Hex, parseAbiItem, parseUnits } from 'viem'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import type { WireIntentOp } from '../../lib/core/route/intentOp'
import { devnetActions } from '../support/devnetActions'
import { sdkMessages } from '../support/settlement'
import type { Stack } from '../support/stack'
import { percentile } from './stats'
import { withStack } from './withStack'

const INTENTS = 20
const filledEvent = parseAbiItem('event Filled(address indexed sponsor, uint256 indexed nonce, address indexed recipient)')

await withStack(bench)

async function bench(stack: Stack) {
  const chain = devnetActions(stack.devnet.rpcUrls)
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}/api/v1${path}`, { method, headers: { 'x-api-key': stack.apiKey, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) })
    return { status: res.status, body: (await res.json()) as any }
  }

  const signed: { intentOp: WireIntentOp; body: unknown }[] = []
  for (let i = 0; i < INTENTS; i++) {
    const account = chain.freshAccount()
    await chain.setEth(10, account.address, parseUnits('0.05', 18))
    await chain.mint(10, 'USDC', account.address, parseUnits('100', 6))
    await chain.lockErc20(10, account, 'USDC', parseUnits('100', 6), defaultLockTag)
    const route = await call('POST', '/intents/route', {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '50000000' }],
      account: { address: account.address, accountType: 'EOA' },
    })
    const intentOp = route.body.intentOp as WireIntentOp
    const originSignatures: Hex[] = []
    for (const typed of sdkMessages(account.address, intentOp)) originSignatures.push(await account.signTypedData(typed as never))
    signed.push({ intentOp, body: { signedIntentOp: { ...intentOp, originSignatures, destinationSignature: originSignatures.at(-1) } } })
  }

  const base = chain.client(8453)
  const startBlock = await base.getBlockNumber()
  const started = performance.now()
  const results = await Promise.all(
    signed.map(async ({ intentOp, body }) => {
      const submittedAt = performance.now()
      const submitBlock = await base.getBlockNumber()
      const submitted = await call('POST', '/intent-operations', body)
      if (submitted.status !== 201) throw new Error(`submit ${submitted.status}: ${JSON.stringify(submitted.body)}`)
      for (;;) {
        const status = await call('GET', `/intent-operation/${intentOp.nonce}`)
        if (status.body.status === 'COMPLETED' || status.body.status === 'FAILED') {
          const ms = performance.now() - submittedAt
          const receipt = status.body.fillTransactionHash ? await base.getTransactionReceipt({ hash: status.body.fillTransactionHash }) : undefined
          return { intentOp, status: status.body.status as string, ms, blocks: receipt ? Number(receipt.blockNumber - submitBlock) : NaN, doneAt: performance.now() }
        }
        await new Promise((r) => setTimeout(r, 50))
      }
    }),
  )
  const elapsed = Math.max(...results.map((r) => r.doneAt)) - started

  const lost = results.filter((r) => r.status !== 'COMPLETED')
  const fills = await base.getLogs({ event: filledEvent, fromBlock: startBlock, toBlock: 'latest' })
  const fillsPerNonce = new Map<string, number>()
  for (const log of fills) fillsPerNonce.set(String(log.args.nonce), (fillsPerNonce.get(String(log.args.nonce)) ?? 0) + 1)
  const double = results.filter((r) => (fillsPerNonce.get(r.intentOp.nonce) ?? 0) !== 1)

  const latencies = results.map((r) => r.ms)
  const blocks = results.map((r) => r.blocks)
  console.log(
    [
      '',
      `Settlement: ${INTENTS} intents submitted at once (locked USDC on OP Mainnet → Base), one filler`,
      `submit → COMPLETED: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms; p50 ${percentile(blocks, 50)} blocks, p95 ${percentile(blocks, 95)} blocks on the destination`,
      `filler throughput: ${((INTENTS / elapsed) * 60_000).toFixed(0)} intents/min (${INTENTS} in ${(elapsed / 1000).toFixed(1)} s)`,
      `lost: ${lost.length}, filled twice or not at all on chain: ${double.length} (target 0 and 0): ${lost.length === 0 && double.length === 0 ? 'PASS' : 'FAIL'}`,
    ].join('\n'),
  )
  if (lost.length > 0 || double.length > 0) throw new Error('settlement lost or doubled an intent')
}
