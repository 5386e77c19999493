'use client'
// The page with nothing to show yet: no account chosen, or an account with no balances.
import { useConnect, useConnectors } from 'wagmi'
import { buttonStyles } from '@/components/buttonStyles'
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'

const card =
  'mt-6 rounded-xl border border-dashed border-zinc-300 bg-white p-6 text-center sm:p-10 dark:border-zinc-700 dark:bg-zinc-900'

export function NoAccount() {
  const demo = useConnectors().find((c) => c.id === 'demoWallet')
  const { mutate: connect, isPending, error } = useConnect()
  return (
    <div className={card}>
      <h2 className="text-lg font-semibold">Whose balances?</h2>
      <p className="mx-auto mt-2 max-w-xl text-zinc-700 dark:text-zinc-300">
        Connect a wallet with the button at the top of the page, or enter any address above.
        {demo && ' On this devnet, the demo wallet shows a seeded account with balances on every chain.'}
      </p>
      {demo && (
        <button
          type="button"
          className={`${buttonStyles.primary} mt-4`}
          disabled={isPending}
          onClick={() => connect({ connector: demo })}
        >
          {isPending ? 'Connecting…' : 'Connect the demo wallet'}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {describeWalletError(error)}
        </p>
      )}
    </div>
  )
}

export function NoBalances({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <div className={card}>
      <h2 className="text-lg font-semibold">No balances to show</h2>
      <p className="mx-auto mt-2 max-w-xl text-zinc-700 dark:text-zinc-300">
        {filtered
          ? 'Nothing this account holds matches these filters.'
          : 'This account holds none of the supported tokens (ETH, WETH, USDC, USDT, USDT0) on the chains this service reads.'}
      </p>
      {filtered && (
        <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={onClearFilters}>
          Clear filters
        </button>
      )}
    </div>
  )
}
