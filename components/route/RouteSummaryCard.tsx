// The route in plain words, first: what the account pays on which chains, what arrives where,
// what it costs and who pays it, and how long it can still be signed — or, once submitted, how far
// it got (no countdown: a submitted route has no deadline left for the reader).
import { Section } from '@/components/Section'
import { intentStatusLabel } from '@/lib/ui/route/intentTimeline'
import type { RoutePhase } from '@/lib/ui/route/routePhase'
import type { RouteSummary } from '@/lib/ui/route/routeSummary'
import { formatLocalTime } from '@/lib/ui/shared/countdown'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { AmountsPanel } from './AmountsPanel'
import { ExpiryCountdown } from './ExpiryCountdown'
import { FeeBreakdown } from './FeeBreakdown'

export function RouteSummaryCard({ summary, phase }: { summary: RouteSummary; phase: RoutePhase }) {
  const chainsPaid = new Set(summary.pay.map((p) => p.chainId)).size
  return (
    <Section
      title="Summary"
      description={`Draws on ${chainsPaid} ${chainsPaid === 1 ? 'chain' : 'chains'} and delivers on ${summary.destination.chainName}.`}
      actions={
        phase.kind === 'submitted' ? (
          <span
            className="inline-flex items-center rounded-full bg-zinc-100 px-2.5 py-1 text-sm font-semibold dark:bg-zinc-800"
            data-testid="route-phase"
          >
            {phase.status ? intentStatusLabel(phase.status) : 'Submitted'}
          </span>
        ) : (
          <ExpiryCountdown deadline={summary.signBy} expired={phase.kind === 'expired'} />
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <AmountsPanel title="You pay" amounts={summary.pay} testId="pay" />
        <AmountsPanel
          title={summary.recipientIsAccount ? 'You receive' : 'The recipient receives'}
          amounts={summary.receive}
          testId="receive"
          note={summary.recipientIsAccount ? undefined : `to ${summary.recipient}`}
        />
      </div>
      {/* One deadline: the time to sign and submit by; the fill deadline and expiry are in the elements. */}
      <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300" data-testid="deadlines">
        {phase.kind === 'submitted' ? (
          'Signed and submitted: nothing is left for you to do.'
        ) : (
          <>
            Sign and submit before{' '}
            <strong className="font-semibold">{formatLocalTime(summary.signBy, Date.now())}</strong>.
          </>
        )}
      </p>
      <FeeBreakdown summary={summary} />
      <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300" data-testid="fee-token">
        {summary.feeToken.amount > 0n ? (
          <>
            Your share of the fees is charged in {summary.feeToken.symbol}:{' '}
            <strong className="font-semibold">{`${formatAmount(summary.feeToken.amount, summary.feeToken.decimals)} ${summary.feeToken.symbol}`}</strong>
            , included in what you pay.
          </>
        ) : (
          <>Nothing is charged to you in {summary.feeToken.symbol}: a sponsor covers your share of the fees.</>
        )}
      </p>
    </Section>
  )
}
