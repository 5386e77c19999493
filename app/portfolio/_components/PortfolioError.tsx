'use client'
// A failed read, with the one thing that helps next to it: the shared key form or retry, or here,
// clearing the filters.
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { buttonStyles } from '@/components/buttonStyles'
import type { ErrorAdvice } from '@/lib/ui/shared/describeApiError'

export type PortfolioErrorProps = { advice: ErrorAdvice; onRetry: () => void; onClearFilters: () => void }

export function PortfolioError({ advice, onRetry, onClearFilters }: PortfolioErrorProps) {
  return (
    <ApiErrorNotice advice={advice} onRetry={onRetry}>
      {advice.action === 'fix-filters' && (
        <button type="button" className={buttonStyles.secondary} onClick={onClearFilters}>
          Clear filters
        </button>
      )}
    </ApiErrorNotice>
  )
}
