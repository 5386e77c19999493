'use client'
// The recipient: an address, or an ENS name looked up on Ethereum (the form sends the address it
// resolved to; on a network whose Ethereum node has no ENS registry the field says so).
import { useEffect } from 'react'
import { ensNote, recipientInput } from '@/lib/ui/route/ensRecipient'
import { useEnsLookup } from '@/lib/ui/route/useEnsLookup'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { AddressField } from './AddressField'

export function RecipientField({ state }: { state: RouteFormState }) {
  const { form, update, errorFor } = state
  const input = recipientInput(form.recipient)
  const lookup = useEnsLookup(input.kind === 'ens' ? input.name : undefined)
  // The lookup's answer goes into the form, which sends the resolved address (or refuses to send).
  useEffect(() => {
    update([], (f) => (JSON.stringify(f.recipientEns) === JSON.stringify(lookup) ? f : { ...f, recipientEns: lookup }))
  }, [lookup, update])
  // While a name is being looked up, the field says so (and the request waits) without an error mark.
  const error = lookup?.status === 'checking' ? undefined : errorFor('recipient.address')
  const note = lookup && !error ? ensNote(lookup) : undefined
  return (
    <AddressField
      label="Recipient"
      className="sm:col-span-2"
      error={error}
      help={
        <>
          Who receives the tokens on the destination chain: an address or an ENS name (looked up on Ethereum). Empty:
          the account itself.
          {note && (
            <span className="mt-1 block break-all" data-testid="ens-note" data-status={lookup?.status}>
              {note}
            </span>
          )}
        </>
      }
      placeholder={form.account || '0x… or name.eth'}
      value={form.recipient}
      onChange={(recipient) => update(['recipient.address'], (f) => ({ ...f, recipient }))}
    />
  )
}
