'use client'
// A button that opens a panel below it (the disclosure pattern): Escape or a click outside closes it
// and focus returns to the button. On phones the panel spans the header instead of hanging off the button.
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'

export type PopoverProps = {
  /** The button's content; it should name what opens. */
  button: ReactNode
  buttonClassName?: string
  /** An accessible name for the panel. */
  label: string
  children: (close: () => void) => ReactNode
}

export function Popover({ button, buttonClassName, label, children }: PopoverProps) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    trigger.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close()
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open, close])

  return (
    <div ref={root} className="sm:relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={buttonClassName}
      >
        {button}
      </button>
      <section
        id={id}
        aria-label={label}
        hidden={!open}
        className="absolute inset-x-4 top-full z-30 mt-2 rounded-xl border border-zinc-200 bg-white p-4 text-sm shadow-lg sm:inset-x-auto sm:right-0 sm:w-80 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {open && children(close)}
      </section>
    </div>
  )
}
