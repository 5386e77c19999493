import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from './anvil'
import { assertDevPortsFree, portIsFree } from './ports'

const held: Server[] = []
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function hold(port: number): Promise<void> {
  const server = createServer()
  held.push(server)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
}

describe('assertDevPortsFree', () => {
  it('passes when the app port and every devnet port are free', async () => {
    const port = await freePort()
    await expect(assertDevPortsFree({ app: { port, host: '127.0.0.1' } })).resolves.toBeUndefined()
  })

  it('names a taken app port and PORT before anything starts', async () => {
    const port = await freePort()
    await hold(port)
    expect(await portIsFree(port)).toBe(false)
    await expect(assertDevPortsFree({ app: { port, host: '127.0.0.1' } })).rejects.toThrow(
      `Port ${port} (the app) is already in use`,
    )
    await expect(assertDevPortsFree({ app: { port, host: '127.0.0.1' } })).rejects.toThrow(/choose another with PORT\./)
  })

  it('names a taken devnet port and DEVNET_BASE_PORT', async () => {
    const [app, base] = [await freePort(), await freePort()]
    await hold(base)
    await expect(assertDevPortsFree({ app: { port: app, host: '127.0.0.1' }, devnetBasePort: base })).rejects.toThrow(
      /Port \d+ \(the devnet's Ethereum node\).*DEVNET_BASE_PORT/,
    )
  })
})
