'use client'
// A copy button for a fixed text, usable from server components (which cannot pass a function).
import { CopyButton } from './CopyButton'

export function CopyValue({ label, value, className }: { label: string; value: string; className?: string }) {
  return <CopyButton label={label} text={() => value} {...(className ? { className } : {})} />
}
