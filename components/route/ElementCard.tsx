// One element of the intentOp: where it draws funds (decoded lock ids, human amounts), how it
// settles, what its mandate delivers and by when, the calls it runs and the bridge it uses.
import { ChainIcon } from '@/components/ChainIcon'
import { Address, DataList } from '@/components/DataList'
import { type ElementDetails, fundingLabels, fundingMethods } from '@/lib/ui/route/elementDetails'
import { formatLocalTime } from '@/lib/ui/shared/countdown'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'
import { CallList } from './CallList'

export function ElementCard({ element, nowMs }: { element: ElementDetails; nowMs: number }) {
  const e = element
  return (
    <article
      className="min-w-0 rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800"
      data-element={e.chainName}
    >
      <h3 className="flex flex-wrap items-center gap-x-2 font-semibold">
        <ChainIcon chainId={e.chainId} size={18} />
        Element {e.index + 1}: {e.chainName}
        <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
          {e.settlementLayer}
        </span>
        <span
          className="cursor-help rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
          title={`fundingMethod: ${e.fundingMethod}`}
          data-funding={e.fundingMethod}
        >
          {fundingLabels[e.fundingMethod]}
        </span>
      </h3>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">Funds {fundingMethods[e.fundingMethod]}.</p>

      <h4 className="mt-3 text-sm font-medium">Funds drawn</h4>
      <ul className="mt-1 grid gap-2">
        {e.locks.map((lock) => (
          <li key={lock.id} className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950/60">
            <p className="font-semibold tabular-nums">{formatTokenAmount(lock)}</p>
            <DataList
              className="mt-1"
              items={[
                { label: 'Token', value: <Address value={lock.token} /> },
                // Only a resource lock has a lock tag, allocator, scope and reset period.
                ...(e.fundingMethod === 'COMPACT'
                  ? [
                      { label: 'Lock tag', value: <code className="font-mono text-xs">{lock.lockTag}</code> },
                      {
                        label: 'Allocator id',
                        value: <code className="font-mono text-xs">0x{lock.allocatorId.toString(16)}</code>,
                      },
                      { label: 'Scope', value: lock.scope },
                      { label: 'Reset period', value: lock.resetPeriod },
                    ]
                  : []),
              ]}
            />
          </li>
        ))}
      </ul>

      <h4 className="mt-3 text-sm font-medium">Mandate</h4>
      <DataList
        className="mt-1"
        items={[
          { label: 'Recipient', value: <Address value={e.recipient} /> },
          {
            label: 'Delivers',
            value: e.tokensOut.length
              ? e.tokensOut.map((t) => `${formatTokenAmount(t)} on ${t.chainName}`).join(', ')
              : 'nothing (this element pays fees only)',
          },
          {
            label: 'Fill deadline',
            value: `${formatLocalTime(e.fillDeadline, nowMs)}: the filler must deliver by then`,
          },
          { label: 'Minimum gas', value: e.minGas > 0n ? formatAmount(e.minGas, 0) : 'none' },
          { label: 'Arbiter', value: <Address value={e.arbiter} /> },
          ...bridgeRows(e),
        ]}
      />
      <h4 className="mt-3 text-sm font-medium">Calls before the claim (on {e.chainName})</h4>
      <div className="mt-1">
        <CallList calls={e.preClaimOps} empty="None." />
      </div>
      <h4 className="mt-3 text-sm font-medium">Calls on arrival (on {e.destination})</h4>
      <div className="mt-1">
        <CallList calls={e.destinationOps} empty="None." />
      </div>
    </article>
  )
}

function bridgeRows(e: ElementDetails) {
  const rows = []
  const b = e.bridge
  if (b?.kind === 'OFT') {
    rows.push({
      label: 'Bridge',
      value: `LayerZero OFT (${b.token}) to ${b.dstChain}, endpoint ${b.dstEid}, at least ${formatTokenAmount(b.minAmount)}`,
    })
    rows.push({ label: 'OFT adapter', value: <Address value={b.adapter} /> })
  }
  if (b?.kind === 'ECO') rows.push({ label: 'Proving fee', value: formatTokenAmount(b.provingFee) })
  if (b?.kind === 'RELAY') {
    rows.push({ label: 'Relay request id', value: <code className="font-mono text-xs break-all">{b.requestId}</code> })
    rows.push({ label: 'Relay order id', value: <code className="font-mono text-xs break-all">{b.orderId}</code> })
  }
  if (e.gasRefund) {
    rows.push({
      label: 'Gas refund',
      value: `in ${e.gasRefund.token.symbol}, ${formatAmount(e.gasRefund.exchangeRate, e.gasRefund.token.decimals)} ${e.gasRefund.token.symbol} per ETH of gas, plus ${formatAmount(e.gasRefund.overhead, 0)} gas overhead`,
    })
  }
  return rows
}
