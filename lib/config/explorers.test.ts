import { describe, expect, it } from 'vitest'
import { dashboardEnvSchema, readEnv } from './env'
import { explorerBases } from './explorers'

const devnet = { DEMO_WALLET_RPC_URLS: '1=http://127.0.0.1:8545,10=http://127.0.0.1:8546' }

describe('explorerBases', () => {
  it('uses the built-in view for every chain on the devnet', () => {
    expect(explorerBases(readEnv(dashboardEnvSchema, devnet))).toEqual({})
  })

  it(
    'links each real chain to its public explorer, or to ' + 'the one configured, or to the built-in view when asked',
    () => {
      const bases = explorerBases(
        readEnv(dashboardEnvSchema, { EXPLORER_URL_10: 'https://explorer.example/op/', EXPLORER_URL_42161: 'builtin' }),
      )
      expect(bases).toEqual({
        1: 'https://etherscan.io',
        10: 'https://explorer.example/op',
        8453: 'https://basescan.org',
      })
    },
  )

  it('lets a devnet chain name an explorer of its own', () => {
    expect(
      explorerBases(readEnv(dashboardEnvSchema, { ...devnet, EXPLORER_URL_8453: 'http://localhost:4000' })),
    ).toEqual({ 8453: 'http://localhost:4000' })
  })

  it('refuses an explorer that is not an http(s) URL, naming the variable', () => {
    expect(() => readEnv(dashboardEnvSchema, { EXPLORER_URL_1: 'javascript:alert(1)' })).toThrow(/EXPLORER_URL_1/)
  })
})
