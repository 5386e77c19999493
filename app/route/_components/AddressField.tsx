'use client'
// A labelled field holding an address (or, for the recipient, an ENS name): monospaced, without
// autocomplete or spell checking, with its help text and error wired up by FormField.
import type { ReactNode } from 'react'
import { FormField } from '@/components/FormField'

export type AddressFieldProps = {
  label: ReactNode
  className?: string
  error: string | undefined
  help: ReactNode
  placeholder: string
  value: string
  onChange: (value: string) => void
}

export function AddressField({ label, className, error, help, placeholder, value, onChange }: AddressFieldProps) {
  return (
    <FormField label={label} className={className} error={error} help={help}>
      {(p) => (
        <input
          {...p}
          className={`${p.className} font-mono`}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  )
}
