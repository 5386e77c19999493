// The filler's delivery from its own inventory when a fill it was already paid for is gone: a
// re-org dropped the fill after the claims or releases had paid the filler, and the fill can no
// longer be mined (its deadline passed, so the arbiter refuses it). The filler owes the recipient
// what the fill would have delivered: one plain transfer per token (ERC-20 `transfer`, or ETH sent
// directly), each a journaled step like any other, counted only when its receipt shows the move.
import { type Address, encodeFunctionData, erc20Abi, isAddressEqual, parseEventLogs, zeroAddress } from 'viem'
import type { FillPlan, Step } from './settlementCalls'

export type DeliveryStep = { name: string; token: Address; amount: bigint } & Step

export function deliverySteps(fill: FillPlan, filler: Address): DeliveryStep[] {
  return fill.delivered.map(({ token, amount }, k) => {
    const name = `deliver:${k}`
    if (token === zeroAddress) {
      return {
        name,
        token,
        amount,
        call: { chainId: fill.chainId, to: fill.recipient, data: '0x', value: amount },
        proof: (receipt) => receipt.to !== null && isAddressEqual(receipt.to, fill.recipient),
      }
    }
    return {
      name,
      token,
      amount,
      call: {
        chainId: fill.chainId,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [fill.recipient, amount] }),
        value: 0n,
      },
      proof: (receipt) =>
        parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' }).some(
          (log) =>
            isAddressEqual(log.address, token) &&
            isAddressEqual(log.args.from, filler) &&
            isAddressEqual(log.args.to, fill.recipient) &&
            log.args.value === amount,
        ),
    }
  })
}
