'use client'
// The history page's state and data: whose routes (typed in, or the connected wallet's), the pages
// read so far, and which of the page's states to show.
import { useMemo } from 'react'
import { isAddress } from 'viem'
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { SignInNotice } from '@/components/SignInNotice'
import { answerSchemas } from '@/lib/api/client/fetchApi'
import { historyGroups } from '@/lib/ui/history/historyRows'
import { useAccountIntents } from '@/lib/ui/history/useAccountIntents'
import { useHistoryAddress } from '@/lib/ui/history/useHistoryAddress'
import { useRouteHistory } from '@/lib/ui/history/useRouteHistory'
import { useSessionAnswered } from '@/lib/ui/history/useSessionAnswered'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { describeApiError } from '@/lib/ui/shared/describeApiError'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'
import { AccountSwitch } from './AccountSwitch'
import { HistoryAddressForm } from './HistoryAddressForm'
import { HistoryList } from './HistoryList'

// Nothing of this page's data is shown before its answers are checked: their schemas (zod with them)
// start loading with the page's scripts, while it hydrates, rather than with its first read.
if (typeof window !== 'undefined') void answerSchemas()

const emptyCard =
  'rounded-xl border border-dashed border-zinc-300 bg-white p-6 text-center text-zinc-700 wrap-anywhere dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300'

export type ServerSession = {
  /** The wallet the session cookie signed in when the server rendered the page. */
  signedIn: string
  /** Whose history the server read for it (its first page is in the query cache). */
  account: string
}

/** `server`: what the page's server render read (app/history/_lib/prefetchHistory.ts), if anything. */
export function HistoryView({ server }: { server?: ServerSession | undefined }) {
  const [typed, setTyped] = useHistoryAddress()
  const { address: wallet } = useWalletConnection()
  const { source } = useApiKey()
  const { covers, signedIn } = useSiweSession()
  // Until this browser has read the session, the server's reading of it stands (it rendered with it).
  const sessionAnswered = useSessionAnswered()
  const account = typed ?? wallet ?? (sessionAnswered ? (signedIn ?? undefined) : server?.signedIn)
  // The dashboard's key reads only the signed-in wallet's history: nothing to ask before that.
  // (A malformed address is still sent: the server's 400 marks the field.)
  const readable =
    source !== 'app' ||
    covers(account) ||
    (!sessionAnswered && account !== undefined && account === server?.account) ||
    (account !== undefined && !isAddress(account, { strict: false }))
  const history = useRouteHistory(readable ? account : undefined)
  const intents = useAccountIntents(
    readable && account !== undefined && isAddress(account, { strict: false }) ? account : undefined,
  )
  const intentsById = useMemo(() => new Map((intents.data?.intents ?? []).map((i) => [i.id, i])), [intents.data])
  const groups = useMemo(
    () =>
      account ? historyGroups(history.data?.pages.flatMap((p) => p.routes) ?? [], { nowMs: Date.now(), account }) : [],
    [history.data, account],
  )
  const advice = history.error
    ? describeApiError(history.error, source, { task: 'read route history', chainHint: '' })
    : undefined
  const fieldError = advice?.action === 'fix-address' ? advice.detail : undefined

  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6">
      <HistoryAddressForm key={typed ?? ''} address={typed} wallet={wallet} error={fieldError} onSubmit={setTyped} />
      {wallet && (
        <AccountSwitch wallet={wallet} account={account} onChoose={(a) => setTyped(a === wallet ? undefined : a)} />
      )}
      <SignInNotice account={account} task="read route history" />
      {account === undefined ? (
        <p className={emptyCard}>
          Connect a wallet with the button at the top of the page, or enter an address above, to list the routes issued
          for it.
        </p>
      ) : !readable ? null : advice ? (
        fieldError === undefined && <ApiErrorNotice advice={advice} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <p
          role="status"
          className="rounded-xl border border-zinc-200 bg-white p-5 wrap-anywhere dark:border-zinc-800 dark:bg-zinc-900"
        >
          Reading the routes issued for {account}…
        </p>
      ) : groups.length === 0 ? (
        <p className={emptyCard}>
          No routes have been issued for <span className="font-mono">{account}</span> yet. Build one in the route
          builder.
        </p>
      ) : (
        <HistoryList
          account={account}
          groups={groups}
          intents={intentsById}
          hasMore={history.hasNextPage}
          loadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      )}
    </div>
  )
}
