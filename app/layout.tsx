import type { Metadata, Viewport } from 'next'
import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { AppHeader } from '@/components/AppHeader'
import { dashboardEnvSchema, readEnv } from '@/lib/config/env'
import { explorerBases } from '@/lib/config/explorers'
import { browserApiKey } from '@/lib/server/browserKey'
import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Intent Router', template: '%s · Intent Router' },
  description: 'Cross-chain intent routing and portfolio service',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The browser key and the devnet's URLs exist only at run time: render per request, so no page
  // is prerendered with (or without) a build-time value.
  await connection()
  const dashboardEnv = readEnv(dashboardEnvSchema)
  return (
    <html lang="en">
      <body className="min-h-screen bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <Providers
          browserKey={browserApiKey()}
          demoRpcUrls={dashboardEnv.DEMO_WALLET_RPC_URLS}
          explorers={explorerBases(dashboardEnv)}
        >
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow dark:focus:bg-zinc-900"
          >
            Skip to content
          </a>
          <AppHeader />
          <div id="main">{children}</div>
        </Providers>
      </body>
    </html>
  )
}
