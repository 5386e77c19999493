// The header every page shares: the app's name, its sections, a developer menu (the API key) and the wallet.
import Link from 'next/link'
import { DeveloperMenu } from './DeveloperMenu'
import { MainNav } from './MainNav'
import { WalletMenu } from './WalletMenu'

export function AppHeader() {
  return (
    <header className="border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:gap-x-6 sm:px-6">
        {/* No prefetch, as in MainNav: on load it would compete with the page's own reads. */}
        <Link
          href="/"
          prefetch={false}
          className="flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 text-indigo-600">
            <path fill="currentColor" d="M4 7a3 3 0 1 1 6 0 3 3 0 0 1-6 0Zm10 10a3 3 0 1 1 6 0 3 3 0 0 1-6 0Z" />
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              d="M10 7h3a4 4 0 0 1 4 4v3M7 10v3a4 4 0 0 0 4 4h3"
            />
          </svg>
          {/* On the narrowest phones the icon alone leaves room for the key and wallet controls. */}
          <span className="max-[420px]:sr-only">Intent Router</span>
        </Link>
        <div className="order-last w-full overflow-x-auto sm:order-none sm:w-auto">
          <MainNav />
        </div>
        <div className="ml-auto flex items-center gap-2">
          <DeveloperMenu />
          <WalletMenu />
        </div>
      </div>
    </header>
  )
}
