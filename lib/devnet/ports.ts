// The ports `npm run dev` will listen on, checked before anything slow starts (the production
// build takes minutes on a first run): a taken port is named with the variable that moves it.
import { createServer } from 'node:net'
import { chains } from '../core/chains/chains'

export type DevPortsParameters = {
  app: { port: number; host: string }
  /** The devnet's first port (its nodes use this and the next ones); omit when no devnet starts. */
  devnetBasePort?: number
}

/** Throws one message naming every taken port and the variable that moves it. */
export async function assertDevPortsFree({ app, devnetBasePort }: DevPortsParameters): Promise<void> {
  const wanted = [
    { port: app.port, host: app.host, what: 'the app', variable: 'PORT' },
    ...(devnetBasePort === undefined
      ? []
      : chains.map((c, i) => ({
          port: devnetBasePort + i,
          host: '127.0.0.1',
          what: `the devnet's ${c.name} node`,
          variable: 'DEVNET_BASE_PORT',
        }))),
  ]
  const taken = (await Promise.all(wanted.map(async (w) => ((await portIsFree(w.port, w.host)) ? [] : [w])))).flat()
  if (taken.length === 0) return
  const lines = taken.map(
    (t) =>
      `Port ${t.port} (${t.what}) is already in use: ` +
      `stop the process holding it (\`lsof -i :${t.port}\`) or choose another with ${t.variable}.`,
  )
  throw new Error(lines.join('\n'))
}

/** True when nothing listens on `port` at `host`. */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EADDRINUSE' || e.code === 'EACCES' ? resolve(false) : reject(e),
    )
    probe.listen(port, host, () => probe.close(() => resolve(true)))
  })
}
