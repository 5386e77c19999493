// Applies pending migrations in one transaction under an advisory lock, so instances starting
// together apply each migration exactly once.
import { migrations } from './migrations'
import type { Sql } from './sql'

const MIGRATION_LOCK = 727_172_001

export async function migrate(sql: Sql): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)),
    )
    const applied: number[] = []
    for (const m of migrations) {
      if (done.has(m.version)) continue
      await applyMigration(tx, m)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
      applied.push(m.version)
    }
    return applied
  })
}

/** One migration's statements, in order (each ends with a semicolon at the end of a line). */
export async function applyMigration(sql: Pick<Sql, 'query'>, migration: { sql: string }): Promise<void> {
  for (const statement of migration.sql
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean))
    await sql.query(statement)
}
