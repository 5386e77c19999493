// Versioned schema migrations, applied in order at start-up and recorded in schema_migrations.
// Never edit a released migration: add the next one.
export type Migration = { version: number; name: string; sql: string }

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'api keys and route history',
    sql: `
      CREATE TABLE api_keys (
        id          text PRIMARY KEY,
        name        text NOT NULL,
        prefix      text NOT NULL UNIQUE,
        key_hash    bytea NOT NULL,
        scopes      text[] NOT NULL,
        rate_limit  text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        revoked_at  timestamptz
      );

      CREATE TABLE routes (
        nonce                numeric(78, 0) PRIMARY KEY,
        sponsor              text NOT NULL,
        destination_chain_id integer NOT NULL,
        request              jsonb NOT NULL,
        response             jsonb NOT NULL,
        response_digest      text NOT NULL,
        expires              bigint NOT NULL,
        key_id               text,
        created_at           timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX routes_by_sponsor ON routes (sponsor, created_at DESC, nonce DESC);
    `,
  },
  {
    version: 2,
    name: 'route history scoped to the issuing key',
    sql: `
      ALTER TABLE routes ADD COLUMN issued_by text;
      CREATE INDEX routes_by_issuer ON routes (sponsor, issued_by, created_at DESC, nonce DESC);
    `,
  },
]
