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
        test: { name: 'unit', include: ['lib/**/*.test.ts'], testTimeout: 20_000 },
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
