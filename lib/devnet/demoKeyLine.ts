// How `npm run dev` shows the demo API key (every scope, `routes:sponsor` included). A redirected
// output is a file that keeps it, readable by whoever reads the log: there only the path of the
// key's own file (mode 0600) is printed. A terminal gets the key once on the devnet, and its
// prefix only on real chains, where it is a real credential.
import { scopes } from '../config/scopes'

export type DemoKeyLineParameters = {
  key: string
  /** Where the key is kept, as the line should name it. */
  file: string
  /** Whether the output is a terminal (process.stdout.isTTY). */
  terminal: boolean
  realChains: boolean
}

export function demoKeyLine({ key, file, terminal, realChains }: DemoKeyLineParameters): string {
  const more = `(more: npm run keys -- create --name NAME --scopes ${scopes.join(',')})`
  if (!terminal) return `Demo API key:  in ${file} (not printed: the output is not a terminal)   ${more}`
  if (realChains) return `Demo API key:  ${key.split('_').slice(0, 2).join('_')}_…   (the key: ${file})   ${more}`
  return `Demo API key:  ${key}   ${more}`
}
