'use client'
// Everything about a route, in reading order, following one RoutePhase (routePhase.ts): the summary, what to do first,
// each element, the EIP-7702 checks, the server signature, the signed metadata, the typed data and
// the Sign button, Submit with the live settlement timeline, and the raw JSON. Used by the route
// builder and by the history page.
import { useEffect, useMemo, useState } from 'react'
import { JsonTree } from '@/components/JsonTree'
import { Section } from '@/components/Section'
import type { InspectedRoute } from '@/lib/api/client/routeApi'
import { routeAccount } from '@/lib/ui/accounts/routeAccount'
import { useAuthorizationSigning } from '@/lib/ui/accounts/useAuthorizationSigning'
import { describeSubmitError } from '@/lib/ui/route/describeSubmitError'
import { elementDetails } from '@/lib/ui/route/elementDetails'
import { routeShape } from '@/lib/ui/route/intentTimeline'
import { requirementSteps } from '@/lib/ui/route/requirementSteps'
import { type RoutePhase, routePhase } from '@/lib/ui/route/routePhase'
import { signingBlocker, signingItems, verifiedSignatures } from '@/lib/ui/route/routeSigning'
import { routeSummary } from '@/lib/ui/route/routeSummary'
import { transferFacts } from '@/lib/ui/route/transferFacts'
import { useIsExpired } from '@/lib/ui/route/useExpiry'
import { useIntentStatus, useIntentSubmission } from '@/lib/ui/route/useIntentSubmission'
import { useRouteSigning } from '@/lib/ui/route/useRouteSigning'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'
import { ActionCard } from './ActionCard'
import { InActionSlot } from './ActionSlot'
import { DelegationsSection } from './DelegationsSection'
import { ElementCard } from './ElementCard'
import { RouteSteps } from './RouteSteps'
import { RouteSummaryCard } from './RouteSummaryCard'
import { ServerSignatureSection } from './ServerSignatureSection'
import { ShortfallNotice } from './ShortfallNotice'
import { SignedMetadataSection } from './SignedMetadataSection'
import { SignPanel } from './SignPanel'
import { SubmitPanel } from './SubmitPanel'
import { TokenRequirements } from './TokenRequirements'

export type RouteInspectorProps = {
  inspected: InspectedRoute
  /** Re-posts the request this route answered; absent when it is not known. */
  onRefresh?: () => void
  refreshing?: boolean
  /** Expired by the server's word (history), whatever this page's clock says. */
  knownExpired?: boolean
  /** Why the route no longer describes what the reader asks for (the builder's form changed):
   * Sign, the requirements and Submit stay closed until a new route is asked for. */
  outdated?: string | undefined
  /** The intent this route already became (a stored route's page): it is tracked, never signed again. */
  submittedIntentId?: string | undefined
  /** Clears the builder for another transfer (the card's New transfer); absent on a stored route's page. */
  onNewTransfer?: (() => void) | undefined
  /** Told the route's phase as it changes, for what the page shows beside the card (other routes). */
  onPhase?: ((phase: RoutePhase) => void) | undefined
  /** Re-quote by itself shortly before the deadline while nothing is signed yet (the builder). */
  autoRefresh?: boolean
}

export function RouteInspector(props: RouteInspectorProps) {
  const { inspected, onRefresh, refreshing = false, knownExpired = false, outdated, submittedIntentId } = props
  const { route, raw } = inspected
  const intentOp = route.intentOp
  if (!intentOp) return <ShortfallNotice cost={route.intentCost} />
  return (
    <CoveredRoute
      inspected={inspected}
      intentOp={intentOp}
      rawIntentOp={(raw as { intentOp: unknown }).intentOp}
      onRefresh={onRefresh}
      refreshing={refreshing}
      knownExpired={knownExpired}
      outdated={outdated}
      submittedIntentId={submittedIntentId}
      onNewTransfer={props.onNewTransfer}
      onPhase={props.onPhase}
      autoRefresh={props.autoRefresh ?? false}
    />
  )
}

type CoveredRouteProps = Required<Pick<RouteInspectorProps, 'inspected' | 'refreshing' | 'knownExpired'>> &
  Pick<RouteInspectorProps, 'outdated' | 'submittedIntentId' | 'onNewTransfer' | 'onPhase'> & {
    autoRefresh: boolean
  } & {
    intentOp: NonNullable<InspectedRoute['route']['intentOp']>
    rawIntentOp: unknown
    onRefresh: (() => void) | undefined
  }

function CoveredRoute(props: CoveredRouteProps) {
  const {
    inspected,
    intentOp,
    rawIntentOp,
    onRefresh,
    refreshing,
    knownExpired,
    outdated,
    submittedIntentId,
    onPhase,
  } = props
  const { route, raw } = inspected
  const { source } = useApiKey()
  const { address } = useWalletConnection()
  const summary = useMemo(() => routeSummary({ ...route, intentOp }), [route, intentOp])
  // One deadline: Sign and Submit close at the fill deadline less the submission margin.
  const expired = useIsExpired(summary.signBy) || knownExpired
  const elements = useMemo(() => intentOp.elements.map(elementDetails), [intentOp])
  const [unlimited, setUnlimited] = useState(false)
  const steps = useMemo(
    () => requirementSteps(route.tokenRequirements, intentOp.signedMetadata.gasPrices, { unlimited }),
    [route.tokenRequirements, intentOp, unlimited],
  )
  const items = useMemo(() => signingItems(intentOp), [intentOp])
  // A smart account's route is signed by its owner (routeAccount.ts); a 7702 EOA also signs its authorizations.
  const account = useMemo(() => routeAccount(intentOp), [intentOp])
  const signing = useRouteSigning(items, intentOp.sponsor, account)
  const authorizations = useAuthorizationSigning(intentOp)
  const verified = useMemo(() => verifiedSignatures(items, signing.run.signed), [items, signing.run.signed])
  const signatures = authorizations.done ? verified : undefined
  const signed = items.length > 0 && items.every((i) => signing.run.signed[i.index]?.verified)
  const submission = useIntentSubmission(intentOp.nonce, rawIntentOp, authorizations.signed)
  const followedId = submission.followed?.id ?? submittedIntentId
  const intent = useIntentStatus(followedId).data
  const status = intent?.status
  const phase = routePhase({
    submitted: followedId ? { status } : undefined,
    outdated,
    expired,
    requirementsOpen: steps.length,
    signed,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when its kind or status changes, not each render
  useEffect(() => onPhase?.(phase), [onPhase, phase.kind, status])
  const submitAdvice = submission.error ? describeSubmitError(submission.error, source) : undefined
  const blocker =
    phase.kind === 'outdated'
      ? phase.reason
      : (signingBlocker({ expired: phase.kind === 'expired', walletAddress: address, sponsor: account.signer }) ??
        undefined)
  // A route with an open approval or wrap cannot settle: Sign waits until a refreshed route has none.
  const signBlocker =
    blocker ??
    (steps.length > 0
      ? 'Sign opens once every step under “Before you sign” is done and the route is refreshed.'
      : undefined)
  const facts = useMemo(
    () =>
      transferFacts(
        account,
        elements.map((e) => e.fundingMethod),
      ),
    [account, elements],
  )
  const walletBlocker = signingBlocker({ expired: false, walletAddress: address, sponsor: account.signer }) ?? undefined
  const nowMs = Date.now()

  return (
    <div className="grid min-w-0 gap-4" data-nonce={intentOp.nonce} data-phase={phase.kind}>
      <InActionSlot>
        <ActionCard
          summary={summary}
          facts={facts}
          phase={phase}
          requirements={steps}
          gasPrices={intentOp.signedMetadata.gasPrices}
          ethUsd={intentOp.signedMetadata.tokenPrices.ETH}
          unlimited={unlimited}
          onUnlimited={setUnlimited}
          signing={signing}
          authorizations={authorizations}
          submit={() => signatures && submission.submit(signatures)}
          submitting={submission.submitting}
          submitError={
            submitAdvice && {
              message: `${submitAdvice.title}. ${submitAdvice.detail}`,
              refused: submitAdvice.action === 'new-route',
            }
          }
          signatures={signatures}
          intent={followedId && intent?.id === followedId ? intent : undefined}
          walletBlocker={walletBlocker}
          onRefresh={onRefresh}
          refreshing={refreshing}
          onNewTransfer={props.onNewTransfer}
          autoRefresh={props.autoRefresh}
        />
      </InActionSlot>
      <RouteSteps phase={phase} requirementsOpen={steps.length} />
      {phase.kind === 'outdated' && <OutdatedNotice reason={phase.reason} />}
      <RouteSummaryCard summary={summary} phase={phase} />
      {phase.kind !== 'submitted' && <TokenRequirements steps={steps} blocker={blocker} onRefresh={onRefresh} />}
      <Section
        title={`Elements (${elements.length})`}
        description="One per source chain, funding method and settlement layer; the destination’s last."
      >
        <div className={`grid gap-3 ${elements.length > 1 ? 'xl:grid-cols-2' : ''}`}>
          {elements.map((e) => (
            <ElementCard key={e.index} element={e} nowMs={nowMs} />
          ))}
        </div>
      </Section>
      <div className="grid gap-4 lg:grid-cols-2">
        <DelegationsSection intentOp={intentOp} signing={authorizations} />
        <ServerSignatureSection intentOp={intentOp} rawIntentOp={rawIntentOp} />
      </div>
      <SignedMetadataSection metadata={intentOp.signedMetadata} />
      <SignPanel
        items={items}
        signing={signing}
        blocker={signBlocker}
        phase={phase}
        onRefresh={onRefresh}
        refreshing={refreshing}
        smartAccount={account.kind !== 'eoa'}
      />
      <SubmitPanel
        submission={submission}
        signatures={signatures}
        phase={phase}
        followedElsewhere={submission.followed === undefined && submittedIntentId !== undefined}
        onRefresh={onRefresh}
        shape={routeShape(intentOp.elements)}
      />
      <Section title="Raw response" description="The route exactly as the API answered, to explore or compare.">
        <JsonTree value={raw} label="route" />
      </Section>
    </div>
  )
}

function OutdatedNotice({ reason }: { reason: string }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="route-outdated"
    >
      {reason}
    </p>
  )
}
