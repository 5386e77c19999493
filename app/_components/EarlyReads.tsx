// Starts the page's first API reads from its HTML (lib/ui/shared/earlyReads.ts), so they run while
// the scripts load instead of after hydration. The script carries the request's CSP nonce.
import { headers } from 'next/headers'
import { browserApiKey } from '@/lib/server/browserKey'
import { earlyReadScript } from '@/lib/ui/shared/earlyReads'

export async function EarlyReads({ history = false }: { history?: boolean }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined
  const script = earlyReadScript({ historyKey: history ? browserApiKey() : undefined })
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the script is this app's own (earlyReadScript); the only value in it, the key, is JSON with < escaped.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
}
