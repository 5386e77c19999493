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
  {
    version: 3,
    name: 'submitted intents, their settlement journal and the filler lease',
    sql: `
      CREATE TABLE intents (
        nonce                numeric(78, 0) PRIMARY KEY REFERENCES routes (nonce),
        sponsor              text NOT NULL,
        destination_chain_id integer NOT NULL,
        signed_intent_op     jsonb NOT NULL,
        status               text NOT NULL,
        claims               jsonb NOT NULL,
        fill                 jsonb,
        failure_reason       text,
        issued_by            text NOT NULL,
        fill_deadline        bigint NOT NULL,
        expires              bigint NOT NULL,
        created_at           timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at           timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX intents_by_sponsor ON intents (sponsor, issued_by, created_at DESC, nonce DESC);
      CREATE INDEX intents_open ON intents (created_at) WHERE status IN ('PENDING', 'CLAIMED', 'FILLED');

      CREATE TABLE intent_transactions (
        nonce      numeric(78, 0) NOT NULL REFERENCES intents (nonce),
        step       text NOT NULL,
        chain_id   integer NOT NULL,
        raw        text NOT NULL,
        hash       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (nonce, step)
      );

      CREATE TABLE filler_lease (
        name     text PRIMARY KEY,
        holder   text NOT NULL,
        until    timestamptz NOT NULL
      );

      CREATE SEQUENCE route_nonces;
      SELECT setval('route_nonces', (extract(epoch FROM clock_timestamp()) * 1000000)::bigint);
    `,
  },
  {
    version: 4,
    name: 'sign-in with Ethereum: nonces and sessions; retention of stored routes',
    sql: `
      CREATE TABLE auth_nonces (
        nonce      text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );

      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        address    text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_by_expiry ON sessions (expires_at);
      CREATE INDEX auth_nonces_by_expiry ON auth_nonces (expires_at);
      CREATE INDEX routes_by_age ON routes (created_at);
    `,
  },
  {
    version: 5,
    name: "settlement: refunds per intent; the attester's signed attestations of destination fills",
    sql: `
      ALTER TABLE intents ADD COLUMN refunds jsonb NOT NULL DEFAULT '[]';

      CREATE TABLE attestations (
        chain_id    integer NOT NULL,
        sponsor     text NOT NULL,
        nonce       numeric(78, 0) NOT NULL,
        attestation jsonb NOT NULL,
        signature   text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (chain_id, sponsor, nonce)
      );
    `,
  },
  {
    version: 6,
    name: 'sponsorship ledger and a sponsorship cap per key',
    sql: `
      ALTER TABLE api_keys ADD COLUMN sponsor_cap_usd numeric(20, 8);

      CREATE TABLE sponsorships (
        nonce        numeric PRIMARY KEY,
        issued_by    text NOT NULL,
        relayer_usd  numeric(20, 8) NOT NULL,
        protocol_usd numeric(20, 8) NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX sponsorships_by_issuer ON sponsorships (issued_by, created_at);
    `,
  },
  {
    version: 7,
    name: 'intents by the time they became COMPLETED (the finality watch reads them from a cursor)',
    sql: `
      CREATE INDEX intents_completed ON intents (updated_at) WHERE status = 'COMPLETED';
    `,
  },
  {
    version: 8,
    name: 'simulation reverts counted with the intent',
    sql: `
      ALTER TABLE intents ADD COLUMN simulation_reverts integer NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 9,
    name: 'intents by the time they became final (COMPLETED or FAILED: the finality watch reads both)',
    sql: `
      DROP INDEX IF EXISTS intents_completed;
      CREATE INDEX intents_settled ON intents (updated_at) WHERE status IN ('COMPLETED', 'FAILED');
    `,
  },
  {
    version: 10,
    name:
      'journaled transactions replaced at their nonce (a fee the ' +
      'chain outgrew): their bytes, still recognised if mined',
    sql: `
      ALTER TABLE intent_transactions ADD COLUMN replaced jsonb NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 11,
    name: 'journaled transactions in the order they were recorded (timestamps tie within a clock tick)',
    // Rows already there are numbered by when they were recorded (created_at is kept when an entry
    // is rewritten, which moves its row on disk), not in the table's physical order.
    sql: `
      ALTER TABLE intent_transactions ADD COLUMN seq bigint;
      CREATE SEQUENCE intent_transactions_seq OWNED BY intent_transactions.seq;
      UPDATE intent_transactions t SET seq = o.n
        FROM (SELECT ctid AS row_id, row_number() OVER (ORDER BY created_at, ctid) AS n FROM intent_transactions) o
        WHERE t.ctid = o.row_id;
      SELECT setval('intent_transactions_seq', COALESCE((SELECT max(seq) FROM intent_transactions), 0) + 1, false);
      ALTER TABLE intent_transactions ALTER COLUMN seq SET DEFAULT nextval('intent_transactions_seq'),
        ALTER COLUMN seq SET NOT NULL;
    `,
  },
  {
    version: 12,
    name: 'no route index by sponsor alone: every history read is by sponsor and issuing key (routes_by_issuer)',
    // Each route issued wrote one index entry more than any query reads.
    sql: `
      DROP INDEX IF EXISTS routes_by_sponsor;
    `,
  },
  {
    version: 13,
    name:
      "the filler's gas an intent left unpaid (it failed before " +
      'the filler was paid), summed per sponsor at quote time',
    sql: `
      ALTER TABLE intents ADD COLUMN unpaid_gas_wei numeric(78, 0);
      CREATE INDEX intents_unpaid_by_sponsor ON intents (sponsor) WHERE unpaid_gas_wei > 0;
    `,
  },
  {
    version: 14,
    name: 'per-intent claims: several filler processes share the open intents (intentClaims.ts)',
    // claimed_by/claimed_until: the process settling the intent and until when its claim holds;
    // filler_address: the sending account its journaled transactions are signed with.
    sql: `
      ALTER TABLE intents ADD COLUMN claimed_by text, ADD COLUMN claimed_until timestamptz,
        ADD COLUMN filler_address text;
    `,
  },
]
