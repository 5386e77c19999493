'use client'
// A labelled control with its help text and, when invalid, its error: wired for screen readers
// (aria-invalid, aria-describedby) so the error is read with the field.
import { type ReactNode, useId } from 'react'
import { fieldStyles } from './fieldStyles'

export type FieldControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  className: string
}

export type FormFieldProps = {
  label: ReactNode
  error?: string | undefined
  help?: ReactNode
  className?: string
  /** Renders the control with the props that connect it to its label, help and error. */
  children: (control: FieldControlProps) => ReactNode
}

export function FormField({ label, error, help, className, children }: FormFieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={`grid content-start gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: fieldStyles.control(Boolean(error)),
      })}
      {error && (
        <p id={errorId} className={fieldStyles.error} data-field-error>
          {error}
        </p>
      )}
      {help && (
        <p id={helpId} className={fieldStyles.help}>
          {help}
        </p>
      )}
    </div>
  )
}
