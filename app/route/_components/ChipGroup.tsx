// A group of checkbox chips under one legend, with a hint and the group's error (from the server) below it.
import type { ReactNode } from 'react'
import { fieldStyles } from '@/components/fieldStyles'

export function ChipGroup({
  legend,
  help,
  error,
  children,
}: {
  legend: string
  help?: string | undefined
  error?: string | undefined
  children: ReactNode
}) {
  return (
    <fieldset>
      <legend className={fieldStyles.label}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
      {help && <p className={`mt-1 ${fieldStyles.help}`}>{help}</p>}
      {error && <p className={`mt-1 ${fieldStyles.error}`}>{error}</p>}
    </fieldset>
  )
}
