import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
  exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Server integration tests run twice: on PGlite and on a real PostgreSQL (scripts/test.mjs finds or
// starts one and passes TEST_DATABASE_URL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
      },
      { test: { ...serverTests, name: 'server-pglite', env: { TEST_DB: 'pglite' } } },
      { test: { ...serverTests, name: 'server-postgres', env: { TEST_DB: 'postgres' } } },
    ],
  },
});
