// `npm run keys -- create --name N --scopes portfolio:read,routes:create [--rate 600/min]`,
// `npm run keys -- list`, `npm run keys -- revoke <id or prefix>`, and the sponsorship ledger:
// `npm run keys -- sponsorship [<id or prefix>]`, `npm run keys -- sponsor-cap <id or prefix> <USD|none>`.
// Uses DATABASE_URL, else the database `npm run dev` is hosting, else the PGlite folder directly.
import { parseArgs } from 'node:util'
import { readEnv, storageEnvSchema } from '../config/env'
import { scopes } from '../config/scopes'
import { createApiKey, KeyStoreError, listApiKeys, revokeApiKey } from './apiKeyStore'
import { readDevDatabaseUrl } from './devDatabaseUrl'
import { openDatabase } from './openDatabase'
import { setSponsorCap, sponsorshipLedger, sponsorshipOf, sponsorshipTotals } from './sponsorshipStore'

const usage =
  `Usage:
  npm run keys -- create --name NAME --scopes ${scopes.join(',')} [--rate 600/min]
  npm run keys -- list [--json]
  npm run keys -- revoke ID_OR_PREFIX
  npm run keys -- sponsorship [ID_OR_PREFIX] [--json]   what the operator paid for sponsored intents, ` +
  `per key or per intent
  npm run keys -- sponsor-cap ID_OR_PREFIX USD|none     the most a key may sponsor in total (USD); none: no cap`

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      scopes: { type: 'string' },
      rate: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  const [command, target] = positionals
  if (values.help || !command) return print(usage, 0)
  const env = readEnv(storageEnvSchema)
  const url = env.DATABASE_URL ?? readDevDatabaseUrl(env.PGLITE_DATA_DIR)
  const sql = await openDatabase(url ? { url } : { pgliteDir: env.PGLITE_DATA_DIR })
  try {
    if (command === 'create') {
      if (!values.name || !values.scopes) return print(`create needs --name and --scopes\n${usage}`, 2)
      const { key, record } = await createApiKey(sql, {
        name: values.name,
        scopes: values.scopes.split(',').map((s) => s.trim()),
        rateLimit: values.rate,
      })
      if (values.json) return print(JSON.stringify({ ...record, key }), 0)
      return print(
        `Created key ${record.id} (${record.name}), scopes ${record.scopes.join(', ')}` +
          `${record.rateLimit ? `, rate ${record.rateLimit}` : ''}.\n\n  ` +
          `${key}\n\nStore it now: it is not shown again.`,
        0,
      )
    }
    if (command === 'list') {
      const keys = await listApiKeys(sql)
      if (values.json) return print(JSON.stringify(keys), 0)
      if (keys.length === 0) return print('No keys.', 0)
      const rows = keys.map((k) => [
        k.id,
        `ir_${k.prefix}_…`,
        k.name,
        k.scopes.join(','),
        k.rateLimit ?? '-',
        k.createdAt.toISOString(),
        k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active',
      ])
      return print(rows.map((r) => r.join('  ')).join('\n'), 0)
    }
    if (command === 'revoke') {
      if (!target) return print(`revoke needs a key id or prefix\n${usage}`, 2)
      return (await revokeApiKey(sql, target)) ? print(`Revoked ${target}.`, 0) : print(`No active key ${target}.`, 1)
    }
    if (command === 'sponsorship') {
      if (!target) {
        const totals = await sponsorshipTotals(sql)
        if (values.json) return print(JSON.stringify(totals), 0)
        if (totals.length === 0) return print('No sponsored intents and no caps.', 0)
        return print(
          totals
            .map(
              (t) =>
                `${t.issuedBy}  ${t.name ?? '-'}  spent ${t.spentUsd} ` +
                `USD of ${t.capUsd ?? 'no cap'}  (${t.intents} intents)`,
            )
            .join('\n'),
          0,
        )
      }
      const key = (await listApiKeys(sql)).find((k) => k.id === target || k.prefix === target)
      const issuedBy = key?.id ?? target
      const [total, entries] = await Promise.all([sponsorshipOf(sql, issuedBy), sponsorshipLedger(sql, { issuedBy })])
      if (values.json) return print(JSON.stringify({ issuedBy, ...total, entries }), 0)
      const head =
        `${issuedBy}${key ? ` (${key.name})` : ''}: spent ${total.spentUsd} ` +
        `USD of ${total.capUsd ?? 'no cap'} over ${total.intents} intents`
      return print(
        [
          head,
          ...entries.map(
            (e) =>
              `  intent ${e.nonce}  ${e.totalUsd} USD (relayer ${e.relayerUsd}, ` +
              `protocol ${e.protocolUsd})  ${e.createdAt.toISOString()}`,
          ),
        ].join('\n'),
        0,
      )
    }
    if (command === 'sponsor-cap') {
      const cap = positionals[2]
      if (!target || !cap) return print(`sponsor-cap needs a key id or prefix and a USD amount (or none)\n${usage}`, 2)
      const ok = await setSponsorCap(sql, target, cap === 'none' ? null : cap).catch((error: unknown) => {
        if (error instanceof RangeError) throw new KeyStoreError(error.message)
        throw error
      })
      return ok
        ? print(
            cap === 'none'
              ? `${target} may sponsor without a cap.`
              : `${target} may sponsor up to ${cap} USD in total.`,
            0,
          )
        : print(`No key ${target}.`, 1)
    }
    return print(`Unknown command ${command}\n${usage}`, 2)
  } finally {
    await sql.close()
  }
}

function print(text: string, code: number): number {
  ;(code === 0 ? console.log : console.error)(text)
  return code
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof KeyStoreError ? error.message : error instanceof Error ? error.message : String(error),
    )
    process.exit(error instanceof KeyStoreError ? 2 : 1)
  },
)
