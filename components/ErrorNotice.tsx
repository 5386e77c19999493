// A failure the reader can act on: what happened, what to do, and the trace id for a support request.
import type { ReactNode } from 'react'

export type ErrorNoticeProps = { title: string; detail: string; traceId?: string; children?: ReactNode }

export function ErrorNotice({ title, detail, traceId, children }: ErrorNoticeProps) {
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100">
      {/* Only the message is announced; the controls below it are reached in the normal tab order. */}
      <div role="alert">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 break-words">{detail}</p>
      </div>
      {children && <div className="mt-3">{children}</div>}
      {traceId && (
        <p className="mt-3 text-xs text-red-900 dark:text-red-200">
          Reference: <code className="break-all">{traceId}</code>
        </p>
      )}
    </div>
  )
}
