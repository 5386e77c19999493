// No key or secret may ship in the JavaScript the browser downloads: the browser key is handed
// over at render time, and server configuration never reaches client code. Reads the production
// build that the suite runs against (<NEXT_DIST_DIR>/static, .next/static by default).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

const staticDir = join(import.meta.dirname, '..', '..', process.env.NEXT_DIST_DIR || '.next', 'static')
// Key prefixes the service generates (browser, devnet demo, tests), server-only variable names,
// the devnet mnemonic, and the words themselves.
const forbidden = [
  /ir_browser/i,
  /ir_demo/i,
  /ir_test/i,
  /SIGNER_PRIVATE_KEY/,
  /BROWSER_API_KEY/,
  /API_KEY_SHA256/,
  /private key/i,
  /test test test test/,
]
// The inspector recovers signers in the browser (viem → @noble/curves secp256k1), whose argument
// checks say "private key". Exactly these library phrases are set aside; the words anywhere else fail.
const libraryPhrases = [/invalid private key/g, /"private key"/g, /first arg must be private key/g]

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

test('the client bundle holds no API key, key prefix or secret', () => {
  const all = files(staticDir)
  const scripts = all.filter((f) => f.endsWith('.js'))
  expect(scripts.length, 'no client scripts found: was the app built?').toBeGreaterThan(0)
  const hits = all.flatMap((file) => {
    const text = libraryPhrases.reduce((t, phrase) => t.replace(phrase, ''), readFileSync(file, 'latin1'))
    return forbidden
      .filter((pattern) => pattern.test(text))
      .map((pattern) => `${file.slice(staticDir.length + 1)}: ${pattern}`)
  })
  expect(hits).toEqual([])
})
