// The database `npm run dev` gives the app: DATABASE_URL when set, else the embedded PGlite
// folder served on a private Unix socket (so the app, the filler and `npm run keys` can share it
// while dev runs).

import { publishDevDatabaseUrl } from '../storage/devDatabaseUrl'
import { hostPglite } from '../storage/hostPglite'

export async function devDatabase(p: {
  databaseUrl?: string
  pgliteDir: string
}): Promise<{ url: string; embedded: boolean; stop: () => Promise<void> }> {
  if (p.databaseUrl) return { url: p.databaseUrl, embedded: false, stop: async () => {} }
  const host = await hostPglite({ dir: p.pgliteDir })
  const unpublish = publishDevDatabaseUrl(p.pgliteDir, host.url)
  return {
    url: host.url,
    embedded: true,
    stop: async () => {
      unpublish()
      await host.stop()
    },
  }
}
