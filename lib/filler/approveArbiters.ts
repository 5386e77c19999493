// The filler delivers through the arbiters (transferFrom its own inventory): each ERC-20 it may
// deliver is approved once per arbiter and chain, at start, and only where the allowance is low.
import { type Address, encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { arbiterAddresses } from '../core/route/settlementLayers'
import { tokensOnChain } from '../core/tokens/tokens'
import type { FillerChain } from '../worker/fillerChains'

export async function approveArbiters(chain: FillerChain): Promise<number> {
  let sent = 0
  for (const token of tokensOnChain(chain.chainId)) {
    if (token.extensions.native) continue
    for (const spender of arbiterAddresses) {
      const allowance = await chain.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [chain.account.address, spender],
      })
      if (allowance >= maxUint256 / 2n) continue
      const request = await chain.client.prepareTransactionRequest({
        account: chain.account,
        chain: chain.chain,
        to: token.address,
        data: encodeApprove(spender),
      })
      const hash = await chain.client.sendRawTransaction({
        serializedTransaction: await chain.account.signTransaction(
          request as Parameters<typeof chain.account.signTransaction>[0],
        ),
      })
      const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 25 })
      if (receipt.status !== 'success')
        throw new Error(`approving ${token.symbol} for ${spender} on chain ${chain.chainId} reverted`)
      sent++
    }
  }
  return sent
}

function encodeApprove(spender: Address) {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
}
