// A call in a mandate's ops, decoded where its ABI is known: ERC-20 transfer and approve, and the
// LayerZero OFT send the route engine puts in preClaimOps. Anything else stays raw (to, value, data).
import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex, sliceHex, zeroAddress } from 'viem'
import { oftAbi as oftSendAbi } from '../../core/abi/oft'
import { oftAdapters } from '../../core/addresses'
import { findTokenBySymbol } from '../../core/tokens/tokens'
import { chainName, type TokenAmount, tokenAmount } from '../shared/tokenAmount'

/** The OFT ABI the route engine encodes its send with. */
export { oftSendAbi }

export type RawCall = { to: Address; value: bigint; data: Hex }

export type DecodedCall = RawCall &
  (
    | { kind: 'transfer'; token: TokenAmount; recipient: Address }
    | { kind: 'approve'; token: TokenAmount; spender: Address }
    | {
        kind: 'oftSend'
        dstEid: number
        dstChain: string
        recipient: Address
        amount: TokenAmount
        minAmount: TokenAmount
        nativeFee: TokenAmount
        refundAddress: Address
      }
    | { kind: 'raw' }
  )

export function decodeCall(chainId: number, op: { to: string; value: string; data: Hex }): DecodedCall {
  const call: RawCall = { to: getAddress(op.to), value: BigInt(op.value), data: op.data }
  return decodeErc20(chainId, call) ?? decodeOftSend(chainId, call) ?? { ...call, kind: 'raw' }
}

function decodeErc20(chainId: number, call: RawCall): DecodedCall | undefined {
  const decoded = tryDecode(() => decodeFunctionData({ abi: erc20Abi, data: call.data }))
  if (decoded?.functionName === 'transfer') {
    const [recipient, amount] = decoded.args
    return { ...call, kind: 'transfer', token: tokenAmount(chainId, call.to, amount), recipient }
  }
  if (decoded?.functionName === 'approve') {
    const [spender, amount] = decoded.args
    return { ...call, kind: 'approve', token: tokenAmount(chainId, call.to, amount), spender }
  }
  return undefined
}

function decodeOftSend(chainId: number, call: RawCall): DecodedCall | undefined {
  const decoded = tryDecode(() => decodeFunctionData({ abi: oftSendAbi, data: call.data }))
  if (decoded?.functionName !== 'send') return undefined
  const [param, fee, refundAddress] = decoded.args
  const dst = Object.entries(oftAdapters).find(([, a]) => a.eid === param.dstEid)
  const dstChainId = dst ? Number(dst[0]) : undefined
  // amountLD is in the source chain's token, minAmountLD in the destination's ("local decimals").
  const amountOn = (id: number | undefined, value: bigint) => {
    const token = id === undefined ? undefined : oftToken(id)
    return id !== undefined && token ? tokenAmount(id, token, value) : tokenAmount(chainId, call.to, value)
  }
  return {
    ...call,
    kind: 'oftSend',
    dstEid: param.dstEid,
    dstChain: dstChainId === undefined ? `LayerZero endpoint ${param.dstEid}` : chainName(dstChainId),
    recipient: getAddress(sliceHex(param.to, 12)),
    amount: amountOn(chainId, param.amountLD),
    minAmount: amountOn(dstChainId, param.minAmountLD),
    nativeFee: tokenAmount(chainId, zeroAddress, fee.nativeFee),
    refundAddress,
  }
}

/** What an OFT adapter moves on a chain: USDT0, or USDT on Ethereum. */
export function oftToken(chainId: number): Address | undefined {
  return (findTokenBySymbol(chainId, 'USDT0') ?? findTokenBySymbol(chainId, 'USDT'))?.address
}

function tryDecode<T>(decode: () => T): T | undefined {
  try {
    return decode()
  } catch {
    return undefined
  }
}
