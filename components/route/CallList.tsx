// Calls in a mandate's ops: decoded where the ABI is known (ERC-20 transfer/approve, the OFT send),
// else shown raw as to, value and data.
import { Address, DataList } from '@/components/DataList'
import type { DecodedCall } from '@/lib/ui/route/decodeCall'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'

export function CallList({ calls, empty }: { calls: readonly DecodedCall[]; empty: string }) {
  if (calls.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>
  return (
    <ol className="grid gap-2">
      {calls.map((call, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: calls are positional; the same call may be listed twice
        <li key={i} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-call={call.kind}>
          <p className="text-sm font-medium">{title(call)}</p>
          <DataList className="mt-2" items={rows(call)} />
        </li>
      ))}
    </ol>
  )
}

function title(call: DecodedCall): string {
  switch (call.kind) {
    case 'transfer':
      return `ERC-20 transfer: ${formatTokenAmount(call.token)}`
    case 'approve':
      return `ERC-20 approve: ${formatTokenAmount(call.token)}`
    case 'oftSend':
      return `LayerZero OFT send: ${formatTokenAmount(call.amount)} to ${call.dstChain}`
    default:
      return 'Call (ABI not known: shown raw)'
  }
}

function rows(call: DecodedCall) {
  const value = { label: 'Value', value: `${formatAmount(call.value, 18)} ETH` }
  switch (call.kind) {
    case 'transfer':
      return [
        { label: 'Token', value: <Address value={call.to} /> },
        { label: 'To', value: <Address value={call.recipient} /> },
      ]
    case 'approve':
      return [
        { label: 'Token', value: <Address value={call.to} /> },
        { label: 'Spender', value: <Address value={call.spender} /> },
      ]
    case 'oftSend':
      return [
        { label: 'Adapter', value: <Address value={call.to} /> },
        { label: 'Recipient', value: <Address value={call.recipient} /> },
        { label: 'Destination', value: `${call.dstChain} (LayerZero endpoint ${call.dstEid})` },
        { label: 'Sent', value: formatTokenAmount(call.amount) },
        { label: 'At least received', value: `${formatTokenAmount(call.minAmount)} on ${call.minAmount.chainName}` },
        { label: 'LayerZero fee', value: `${formatTokenAmount(call.nativeFee)} (sent as the call’s value)` },
        { label: 'Refunds to', value: <Address value={call.refundAddress} /> },
      ]
    default:
      return [
        { label: 'To', value: <Address value={call.to} /> },
        value,
        { label: 'Data', value: <code className="font-mono text-xs break-all">{call.data}</code> },
      ]
  }
}
