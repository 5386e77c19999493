'use client'
// The builder's form state: the fields, which ones the reader has touched (their problems show as
// they type), the server's own field errors from the last answer, and the connected wallet as the
// default account until the reader types another, and the wallet's chain as the default destination
// until the reader picks one; a link from a portfolio row presets what to move.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { chains } from '@/lib/core/chains/chains'
import {
  fromHolding,
  holdingFromSearch,
  initialRouteForm,
  type RouteForm,
  withDestination,
} from '@/lib/ui/route/routeForm'
import {
  type FieldErrors,
  loadRequestCheck,
  type RequestCheck,
  routeRequestBody,
} from '@/lib/ui/route/routeRequestBody'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'

export type RouteFormState = ReturnType<typeof useRouteForm>

export function useRouteForm() {
  const { address: wallet, chainId: walletChainId } = useWalletConnection()
  const [form, setForm] = useState<RouteForm>(() => initialRouteForm())
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const check = useRequestCheck()
  const built = useMemo(() => routeRequestBody(form, check), [form, check])

  // Whether the destination was chosen (by the reader or a link): the wallet's chain is then no default.
  const destinationChosen = useRef(false)
  // A portfolio row's Move (?from=<chainId>&token=<symbol>): read once, after hydration.
  useEffect(() => {
    const holding = holdingFromSearch(window.location.search)
    if (!holding) return
    destinationChosen.current = true
    setForm((f) => fromHolding(f, holding))
  }, [])

  // Where the wallet is, as the destination, the first time it is known.
  useEffect(() => {
    if (walletChainId === undefined || destinationChosen.current || !chains.some((c) => c.id === walletChainId)) return
    destinationChosen.current = true
    setForm((f) => withDestination(f, walletChainId))
  }, [walletChainId])

  // The wallet fills the account until the reader types one of their own.
  const filledFrom = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!wallet) return
    setForm((f) =>
      f.account === '' || f.account === filledFrom.current ? { ...f, account: wallet, accountType: 'EOA' } : f,
    )
    filledFrom.current = wallet
  }, [wallet])

  /** Changes the form; `fields` are the paths edited (marked touched, their server errors cleared). */
  const update = useCallback((fields: readonly string[], change: (f: RouteForm) => RouteForm) => {
    if (fields.includes('destinationChainId')) destinationChosen.current = true
    setForm(change)
    if (fields.length > 0) setTouched((t) => new Set([...t, ...fields]))
    setServerErrors((e) =>
      fields.some((f) => f in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))) : e,
    )
  }, [])

  const errorFor = useCallback(
    (field: string): string | undefined =>
      serverErrors[field] ?? (submitted || touched.has(field) ? built.errors[field] : undefined),
    [serverErrors, submitted, touched, built.errors],
  )

  /** Clears the ask for another transfer: the amounts and the recipient, nothing the reader set up. */
  const clearAsk = useCallback(() => {
    setForm((f) => ({
      ...f,
      tokenRequests: f.tokenRequests.map((r) => ({ ...r, amount: '', max: false })),
      recipient: '',
      recipientEns: undefined,
    }))
    setTouched(new Set())
    setSubmitted(false)
    setServerErrors({})
  }, [])

  return { form, update, built, errorFor, submitted, setSubmitted, serverErrors, setServerErrors, wallet, clearAsk }
}

/** The server's request schema, loaded once the builder has rendered (not with the page); a failed
 * load is tried again every few seconds. */
function useRequestCheck(): RequestCheck | undefined {
  const [check, setCheck] = useState<RequestCheck>()
  useEffect(() => {
    let live = true
    let retry: ReturnType<typeof setTimeout> | undefined
    const load = () =>
      loadRequestCheck().then(
        (loaded) => {
          if (live) setCheck(loaded)
        },
        () => {
          if (live) retry = setTimeout(load, 3_000)
        },
      )
    void load()
    return () => {
      live = false
      clearTimeout(retry)
    }
  }, [])
  return check
}
