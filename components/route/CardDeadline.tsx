'use client'
// The card's one deadline: the time left to sign and submit (the fill deadline less the submission
// margin), ticking each second; screen readers get the time once, not every tick.
import { useSecondsLeft } from '@/lib/ui/route/useExpiry'
import { formatCountdown, formatLocalTime } from '@/lib/ui/shared/countdown'

export function CardDeadline({ signBy }: { signBy: bigint }) {
  const left = useSecondsLeft(signBy)
  return (
    <span data-testid="card-deadline">
      <span aria-hidden="true">{left > 0 ? `${formatCountdown(left)} left` : 'passed'}</span>
      <span className="sr-only">Sign and submit by {formatLocalTime(signBy, Date.now())}</span>
    </span>
  )
}
