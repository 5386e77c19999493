import { describe, expect, it } from 'vitest'
import { devEnvSchema, EnvError, readEnv, serverEnvSchema } from './env'

const hash = `demo:${'ab'.repeat(32)}`
const signer = { SIGNER_PRIVATE_KEY: `0x${'11'.repeat(32)}` }

describe('readEnv', () => {
  it('parses RPC URL lists, key hashes and defaults', () => {
    const env = readEnv(serverEnvSchema, { RPC_URL_1: 'http://a:1, http://b:2', API_KEY_SHA256: hash, ...signer })
    expect(env.RPC_URL_1).toEqual(['http://a:1', 'http://b:2'])
    expect(env.RPC_URL_10).toBeUndefined()
    expect(env.RPC_TIMEOUT_MS).toBe(10_000)
  })

  it('names every bad variable', () => {
    const run = () =>
      readEnv(serverEnvSchema, { RPC_URL_10: 'not a url', API_KEY_SHA256: 'demo:xyz', RPC_TIMEOUT_MS: 'soon' })
    expect(run).toThrow(EnvError)
    expect(run).toThrow(/RPC_URL_10/)
    expect(run).toThrow(/API_KEY_SHA256/)
    expect(run).toThrow(/RPC_TIMEOUT_MS/)
  })

  it('requires at least one chain and a signing key; static key hashes and a database URL are optional', () => {
    expect(() => readEnv(serverEnvSchema, {})).toThrow(/SIGNER_PRIVATE_KEY/)
    const env = readEnv(serverEnvSchema, { RPC_URL_1: 'http://a', ...signer })
    expect(env).toMatchObject({ API_KEY_SHA256: [], PGLITE_DATA_DIR: '.data/pglite' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(() => readEnv(serverEnvSchema, { RPC_URL_1: 'http://a', ...signer, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    )
    expect(() => readEnv(serverEnvSchema, { API_KEY_SHA256: hash, ...signer })).toThrow(
      /RPC_URL_1, RPC_URL_10, RPC_URL_8453, RPC_URL_42161/,
    )
  })

  it('requires a well-formed signing key', () => {
    expect(() => readEnv(serverEnvSchema, { RPC_URL_1: 'http://a', API_KEY_SHA256: hash })).toThrow(
      /SIGNER_PRIVATE_KEY/,
    )
    expect(() =>
      readEnv(serverEnvSchema, { RPC_URL_1: 'http://a', API_KEY_SHA256: hash, SIGNER_PRIVATE_KEY: '0x12' }),
    ).toThrow(/SIGNER_PRIVATE_KEY/)
  })

  it('rejects a malformed lock tag', () => {
    expect(() =>
      readEnv(serverEnvSchema, { RPC_URL_1: 'http://a', API_KEY_SHA256: hash, LOCK_TAGS: '0x1234', ...signer }),
    ).toThrow(/LOCK_TAGS/)
  })

  it('reads the dev runner ports', () => {
    expect(readEnv(devEnvSchema, {})).toMatchObject({ PORT: 3000, DEVNET_BASE_PORT: 8545 })
    expect(() => readEnv(devEnvSchema, { PORT: '70000' })).toThrow(/PORT/)
  })
})
