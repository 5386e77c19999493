// What the route costs, in USD: gas (per chain), bridge (with LayerZero's fee the account pays
// itself in ETH on OFT routes) and protocol, and the part a sponsor pays.
import type { ReactNode } from 'react'
import { formatUsdNumber, type RouteSummary } from '@/lib/ui/route/routeSummary'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'

export function FeeBreakdown({ summary }: { summary: RouteSummary }) {
  const { fees, gasByChain, nativeFees, sponsored } = summary
  if (!fees) return null
  const sponsoredAny = sponsored.relayer > 0 || sponsored.protocol > 0
  return (
    <div className="mt-4" data-testid="fees">
      <h3 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
        Fees:{' '}
        <span className="text-base font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">
          {formatUsdNumber(fees.total)}
        </span>{' '}
        in total
        {sponsoredAny && <>, {formatUsdNumber(sponsored.relayer + sponsored.protocol)} of it sponsored</>}
      </h3>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        <Fee label="Gas" usd={fees.gas} sponsored={sponsoredShare(sponsored.relayer, fees.gas + fees.bridge)}>
          {gasByChain
            .map((g) => `${g.chainName} ${formatUsdNumber(g.usd)}${g.includesFill ? ' (with the fill)' : ''}`)
            .join(' · ')}
        </Fee>
        <Fee
          label="Bridge"
          usd={fees.bridge}
          sponsored={fees.bridge > 0 ? sponsoredShare(sponsored.relayer, fees.gas + fees.bridge) : undefined}
        >
          {nativeFees.length > 0
            ? `includes LayerZero's fee, paid by your account in ETH: ${nativeFees.map((f) => `${formatTokenAmount(f)} on ${f.chainName} (${formatUsdNumber(f.usd)})`).join(', ')}`
            : fees.bridge === 0
              ? 'nothing crosses a chain'
              : 'charged by the settlement layers'}
        </Fee>
        <Fee label="Protocol" usd={fees.protocol} sponsored={sponsoredShare(sponsored.protocol, fees.protocol)}>
          a share of what is delivered
        </Fee>
      </dl>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="sponsor">
        {sponsoredAny
          ? `A sponsor pays ${[
              sponsored.relayer > 0 ? `${formatUsdNumber(sponsored.relayer)} of gas and bridge fees` : '',
              sponsored.protocol > 0 ? `${formatUsdNumber(sponsored.protocol)} of protocol fees` : '',
            ]
              .filter(Boolean)
              .join(' and ')}; you pay the rest.`
          : 'No sponsor: you pay every fee.'}
      </p>
    </div>
  )
}

/** The sponsor pays gas and bridge fees together (relayer) and the protocol fee apart. */
function sponsoredShare(paid: number, part: number): 'all' | 'part' | undefined {
  if (paid <= 0) return undefined
  return paid + 0.005 >= part ? 'all' : 'part'
}

function Fee({
  label,
  usd,
  sponsored,
  children,
}: {
  label: string
  usd: number
  sponsored?: 'all' | 'part' | undefined
  children: ReactNode
}) {
  return (
    <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-fee={label}>
      <dt className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        {label}
        {sponsored && (
          <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            {sponsored === 'all' ? 'Sponsored' : 'Partly sponsored'}
          </span>
        )}
      </dt>
      <dd className="text-lg font-semibold tabular-nums">{formatUsdNumber(usd)}</dd>
      <dd className="text-xs text-zinc-600 dark:text-zinc-400">{children}</dd>
    </div>
  )
}
