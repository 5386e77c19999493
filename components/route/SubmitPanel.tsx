'use client'
// Submit: sends the signed route to the service once every signature is verified and the route has
// not expired, then follows the intent live on the same page. An already-submitted route (409) is
// followed too, with a calm note instead of an error.
import type { Hex } from 'viem'
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { buttonStyles } from '@/components/buttonStyles'
import { Section } from '@/components/Section'
import { describeSubmitError } from '@/lib/ui/route/describeSubmitError'
import type { RouteShape } from '@/lib/ui/route/intentTimeline'
import type { RoutePhase } from '@/lib/ui/route/routePhase'
import type { useIntentSubmission } from '@/lib/ui/route/useIntentSubmission'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { IntentTimeline } from './IntentTimeline'

export type SubmitPanelProps = {
  /** useIntentSubmission's state, held by the inspector so the step bar and the summary follow it. */
  submission: ReturnType<typeof useIntentSubmission>
  /** The signatures in element order once all are verified; undefined before. */
  signatures: Hex[] | undefined
  phase: RoutePhase
  /** The intent is already followed elsewhere on the page (a stored route's Settlement section). */
  followedElsewhere: boolean
  onRefresh: (() => void) | undefined
  /** How the route settles (the timeline's own-ops and bridge steps). */
  shape?: RouteShape | undefined
}

export function SubmitPanel({ submission, signatures, phase, followedElsewhere, onRefresh, shape }: SubmitPanelProps) {
  const { source } = useApiKey()
  const { submit, submitting, error, followed } = submission
  const advice = error ? describeSubmitError(error, source) : undefined
  const blocker =
    phase.kind === 'submitted'
      ? undefined
      : phase.kind === 'outdated'
        ? phase.reason
        : phase.kind === 'expired'
          ? 'The route has expired: refresh it, sign again, then submit.'
          : !signatures
            ? 'Sign every element first: Submit is enabled once all signatures recover to the sponsor.'
            : undefined

  return (
    <Section
      id="submit"
      title="Submit"
      description="Send the signed route to the service. A filler claims your funds on each source chain and delivers the tokens on the destination; each step appears below as it happens."
    >
      {followedElsewhere && (
        <p className="text-sm" data-testid="submit-closed">
          Submitted: the settlement is followed above.
        </p>
      )}
      {!followed && !followedElsewhere && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={blocker !== undefined || submitting}
            onClick={() => signatures && submit(signatures)}
          >
            {submitting ? 'Submitting…' : 'Submit'}
          </button>
          <p aria-live="polite" className="min-w-0 text-sm wrap-anywhere">
            {blocker}
          </p>
        </div>
      )}
      {advice && !followed && (
        <div className="mt-3">
          <ApiErrorNotice advice={advice} onRetry={() => signatures && submit(signatures)}>
            {advice.action === 'new-route' && onRefresh && (
              <button type="button" className={buttonStyles.secondary} onClick={onRefresh}>
                Request a new route
              </button>
            )}
          </ApiErrorNotice>
        </div>
      )}
      {followed && (
        <div className="grid gap-3">
          {followed.alreadySubmitted && (
            <p
              role="status"
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
              data-testid="already-submitted"
            >
              This route was already submitted: it is not sent twice. Following the existing intent below.
            </p>
          )}
          <IntentTimeline id={followed.id} onRefresh={onRefresh} shape={shape} />
        </div>
      )}
    </Section>
  )
}
