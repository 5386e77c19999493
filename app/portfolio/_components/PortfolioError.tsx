'use client'
// A failed read, with the one thing that helps next to it: a key form, a retry, or clearing filters.
import { ApiKeyForm } from '@/components/ApiKeyForm'
import { buttonStyles } from '@/components/buttonStyles'
import { ErrorNotice } from '@/components/ErrorNotice'
import type { ErrorAdvice } from '@/lib/ui/describeApiError'

export type PortfolioErrorProps = { advice: ErrorAdvice; onRetry: () => void; onClearFilters: () => void }

export function PortfolioError({ advice, onRetry, onClearFilters }: PortfolioErrorProps) {
  return (
    <ErrorNotice title={advice.title} detail={advice.detail} {...(advice.traceId ? { traceId: advice.traceId } : {})}>
      {advice.action === 'paste-key' && (
        <div className="max-w-md rounded-lg border border-red-200 bg-white p-3 text-zinc-900 dark:border-red-900 dark:bg-zinc-900 dark:text-zinc-100">
          <ApiKeyForm />
        </div>
      )}
      {advice.action === 'retry' && (
        <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
          Try again
        </button>
      )}
      {advice.action === 'fix-filters' && (
        <button type="button" className={buttonStyles.secondary} onClick={onClearFilters}>
          Clear filters
        </button>
      )}
    </ErrorNotice>
  )
}
