// The dashboard's own transaction view: one transaction read from the chain's node on every request
// (status, block, from/to, gas) with the ERC-20 transfers and settlement events it emitted decoded.
import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { buttonStyles } from '@/components/buttonStyles'
import { CopyValue } from '@/components/CopyValue'
import { Address, DataList } from '@/components/DataList'
import { ErrorNotice } from '@/components/ErrorNotice'
import { Verdict } from '@/components/route/Verdict'
import { Section } from '@/components/Section'
import { readTransaction } from '@/lib/server/readTransaction'
import { chainName } from '@/lib/ui/shared/tokenAmount'
import { parseTxParams, type TxEvent, txView } from '@/lib/ui/tx/txView'

export const dynamic = 'force-dynamic'

type Params = { chainId: string; hash: string }

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { chainId, hash } = await params
  return { title: `Transaction ${hash.slice(0, 10)}… on ${chainName(Number(chainId))}` }
}

export default async function TransactionPage({ params }: { params: Promise<Params> }) {
  await connection()
  const raw = await params
  const parsed = parseTxParams(raw.chainId, raw.hash)
  if (!parsed) notFound()
  const chain = chainName(parsed.chainId)
  const result = await readTransaction(parsed.chainId, parsed.hash)

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Transaction on {chain}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="min-w-0 font-mono break-all" data-testid="tx-hash">
          {parsed.hash}
        </span>
        <CopyValue label="Copy hash" value={parsed.hash} />
      </p>
      <div className="mt-6 grid gap-4">
        {result.kind === 'unsupported-chain' ? (
          <ErrorNotice
            title={`Chain ${parsed.chainId} is not served here`}
            detail="This dashboard reads Ethereum, OP Mainnet, Base and Arbitrum One. Check the link."
          />
        ) : result.kind === 'not-found' ? (
          <ErrorNotice
            title="No such transaction on this chain"
            detail={`${chain} has no mined transaction with this hash (yet). If it was just sent, reload in a moment; otherwise check the chain and the hash.`}
          />
        ) : result.kind === 'unavailable' ? (
          <ErrorNotice title={`${chain} could not be read`} detail={`${result.message}. Reload in a moment.`} />
        ) : (
          <Found view={txView(result.tx)} chainId={parsed.chainId} />
        )}
        <p>
          <Link href="/route" className={buttonStyles.secondary}>
            Back to the route builder
          </Link>
        </p>
      </div>
    </main>
  )
}

function Found({ view, chainId }: { view: ReturnType<typeof txView>; chainId: number }) {
  const transfers = view.events.filter((e): e is Extract<TxEvent, { kind: 'transfer' }> => e.kind === 'transfer')
  const settlement = view.events.filter((e): e is Extract<TxEvent, { kind: 'arbiter' }> => e.kind === 'arbiter')
  return (
    <>
      <Section title="Overview">
        <DataList
          items={[
            {
              label: 'Status',
              value: (
                <span data-testid="tx-status">
                  <Verdict status={view.statusLabel === 'success' ? 'ok' : 'bad'}>{view.statusLabel}</Verdict>
                </span>
              ),
            },
            { label: 'Chain', value: `${chainName(chainId)} (${chainId})` },
            {
              label: 'Block',
              value: (
                <span data-testid="tx-block">
                  {view.block}
                  {view.time ? ` · ${view.time.toLocaleString('en-GB', { timeZone: 'UTC' })} UTC` : ''}
                </span>
              ),
            },
            { label: 'From', value: <Address value={view.from} /> },
            view.to
              ? { label: 'To', value: <Address value={view.to} /> }
              : { label: 'Created', value: view.created ? <Address value={view.created} /> : '—' },
            {
              label: 'Gas used',
              value: `${Number(view.gasUsed).toLocaleString('en-US')}${view.gasPrice ? ` at ${view.gasPrice}` : ''}`,
            },
            ...(view.value ? [{ label: 'Value', value: view.value }] : []),
          ]}
        />
      </Section>
      <Section
        title={`Token transfers (${transfers.length})`}
        description="ERC-20 Transfer events in this transaction, in log order."
      >
        {transfers.length === 0 ? (
          <p className="text-sm">No ERC-20 tokens moved.</p>
        ) : (
          <ul className="grid gap-2">
            {transfers.map((t) => (
              <li
                key={t.logIndex}
                className="min-w-0 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
                data-testid="transfer"
              >
                <p className="font-medium">
                  {t.amount} {t.symbol}
                </p>
                <p className="mt-1 text-zinc-700 dark:text-zinc-300">
                  from <Address value={t.from} /> to <Address value={t.to} />
                </p>
                {!t.known && (
                  <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                    Unknown token {t.token}: amount in base units.
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {settlement.length > 0 && (
        <Section title="Settlement events" description="What the route's arbiter recorded.">
          <ul className="grid gap-2">
            {settlement.map((e) => (
              <li
                key={e.logIndex}
                className="min-w-0 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
                data-testid="settlement-event"
              >
                <p className="font-medium">{settlementWords(e)}</p>
                <p className="mt-1 text-zinc-700 dark:text-zinc-300">
                  {roleWords[e.counterpartyRole]} <Address value={e.counterparty} />, sponsor{' '}
                  <Address value={e.sponsor} />
                </p>
                <p className="mt-1 text-xs break-all text-zinc-600 dark:text-zinc-400">
                  {e.name} · nonce {e.nonce}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {view.otherLogs > 0 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {view.otherLogs === 1 ? 'One more log' : `${view.otherLogs} more logs`} not decoded here.
        </p>
      )}
    </>
  )
}

const roleWords = { filler: 'Filler', caller: 'Refunded by', claimant: 'Claimant', recipient: 'Recipient' } as const

function settlementWords(e: Extract<TxEvent, { kind: 'arbiter' }>): string {
  switch (e.name) {
    case 'Filled':
      return 'Delivered: the filler paid out the route’s tokens'
    case 'Escrowed':
      return 'Escrowed: the sponsor’s tokens are held by the arbiter until the fill is proven, or refunded'
    case 'Released':
      return 'Released: the fill was proven, the escrowed tokens went to the filler'
    case 'Refunded':
      return 'Refunded: no proven fill by the deadline, the escrowed tokens went back to the sponsor'
    case 'CompactClaimed':
      return 'Claimed from The Compact: the sponsor’s locked tokens went to the filler'
  }
}
