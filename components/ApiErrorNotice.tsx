'use client'
// A failed API call with the one thing that helps next to it: a Sign-in button, a form to paste a
// key, or a retry.
// Page-specific actions (fix a field, clear filters) come in as children.
import type { ReactNode } from 'react'
import type { ErrorAdvice } from '@/lib/ui/shared/describeApiError'
import { ApiKeyForm } from './ApiKeyForm'
import { buttonStyles } from './buttonStyles'
import { ErrorNotice } from './ErrorNotice'
import { SignInButton } from './SignInButton'

export type ApiErrorNoticeProps = {
  advice: Pick<ErrorAdvice, 'title' | 'detail' | 'traceId'> & { action: string }
  onRetry: () => void
  children?: ReactNode
}

export function ApiErrorNotice({ advice, onRetry, children }: ApiErrorNoticeProps) {
  return (
    <ErrorNotice title={advice.title} detail={advice.detail} {...(advice.traceId ? { traceId: advice.traceId } : {})}>
      {advice.action === 'paste-key' && (
        <div className="max-w-md rounded-lg border border-red-200 bg-white p-3 text-zinc-900 dark:border-red-900 dark:bg-zinc-900 dark:text-zinc-100">
          <ApiKeyForm />
        </div>
      )}
      {advice.action === 'sign-in' && (
        <div className="justify-self-start">
          <SignInButton />
        </div>
      )}
      {advice.action === 'retry' && (
        <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
          Try again
        </button>
      )}
      {children}
    </ErrorNotice>
  )
}
