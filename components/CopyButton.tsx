'use client'
// Copies a text and says so. The text to copy is computed on click (it may need the page's origin).
import { useState } from 'react'
import { buttonStyles } from './buttonStyles'

export type CopyButtonProps = { label: string; text: () => string; className?: string }

export function CopyButton({ label, text, className }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text())
      setState('copied')
    } catch {
      setState('failed') // no clipboard (insecure origin) or permission refused
    }
    setTimeout(() => setState('idle'), 2500)
  }
  return (
    <button type="button" className={className ?? buttonStyles.secondary} onClick={() => void copy()}>
      {label}
      <span aria-live="polite" className="text-xs font-normal text-zinc-600 dark:text-zinc-400">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked: select the text instead' : ''}
      </span>
    </button>
  )
}
