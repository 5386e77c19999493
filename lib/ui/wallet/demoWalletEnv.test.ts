// DEMO_WALLET_RPC_URLS: what the devnet sets is what the dashboard reads back; bad values are named.
import { describe, expect, it } from 'vitest'
import { dashboardEnvSchema, readEnv } from '../../config/env'
import { devnetAppEnv } from '../../devnet/appEnv'

describe('DEMO_WALLET_RPC_URLS', () => {
  it('round-trips the devnet nodes from devnetAppEnv', () => {
    const rpcUrls = {
      1: 'http://127.0.0.1:8545',
      10: 'http://127.0.0.1:8546',
      8453: 'http://127.0.0.1:8547',
      42161: 'http://127.0.0.1:8548',
    }
    expect(readEnv(dashboardEnvSchema, devnetAppEnv(rpcUrls, 'unused://database')).DEMO_WALLET_RPC_URLS).toEqual(
      rpcUrls,
    )
  })

  it('is optional: real chains have no demo wallet', () => {
    expect(readEnv(dashboardEnvSchema, {}).DEMO_WALLET_RPC_URLS).toBeUndefined()
  })

  it.each(['1=ftp://x', '1:http://127.0.0.1:8545', '999=http://127.0.0.1:8545', 'abc'])(
    'rejects %s, naming the variable',
    (value) => {
      expect(() => readEnv(dashboardEnvSchema, { DEMO_WALLET_RPC_URLS: value })).toThrow(/DEMO_WALLET_RPC_URLS/)
    },
  )
})
