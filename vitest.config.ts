import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  resolve: {
    alias: {
      '@/': root,
      // server-only throws outside React Server Components; unit tests import server modules directly.
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Pure code only: no database, no devnet, no compiler, no child process that starts one.
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts'],
          exclude: ['lib/**/*.integration.test.ts'],
          testTimeout: 20_000,
          // Files share their worker's module graph (viem, zod, the registry are imported once per
          // worker, not once per file): importing was most of the project's time.
          isolate: false,
        },
      },
      {
        extends: true,
        // Beside their source, but each starts what it tests against: PGlite (and Postgres/Redis when
        // TEST_DATABASE_URL/TEST_REDIS_URL are set), its own anvil devnet, or solc. No app stack.
        test: {
          name: 'lib-integration',
          include: ['lib/**/*.integration.test.ts'],
          testTimeout: 20_000,
          // Hooks start devnets and databases and remove their folders: on two busy cores that passes 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/compat/**/*.test.ts'],
          globalSetup: ['tests/support/globalStack.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One devnet and one app serve the whole project; files mutate fresh accounts only.
          fileParallelism: false,
        },
      },
    ],
  },
})
