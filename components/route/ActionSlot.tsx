'use client'
// Where a page wants the route card: the builder keeps it beside the form (its sticky column), so
// the primary action stays in view; without a slot (a stored route's page) the inspector shows the
// card at its top. The inspector renders the card through a portal, keeping all route state in one place.
import { createContext, type ReactNode, useContext, useState } from 'react'
import { createPortal } from 'react-dom'

const SlotContext = createContext<{ element: HTMLElement | null; setElement: (e: HTMLElement | null) => void } | null>(
  null,
)

export function ActionSlotProvider({ children }: { children: ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null)
  return <SlotContext.Provider value={{ element, setElement }}>{children}</SlotContext.Provider>
}

/** The place the card goes, where the page lays it out. */
export function ActionSlot({ className }: { className?: string }) {
  const slot = useContext(SlotContext)
  return <div ref={slot?.setElement} className={className} data-testid="action-slot" />
}

/** Renders `children` in the page's slot when it has one, else where it stands. */
export function InActionSlot({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext)
  return slot?.element ? createPortal(children, slot.element) : children
}
