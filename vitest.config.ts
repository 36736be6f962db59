import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
  exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Generous: a slow machine must make a test slow, not red. On PGlite every query of a file,
  // its workers' included, takes turns on one thread, so under load an email can take many
  // seconds to reach the mailbox (test/factories.ts waitForEmail).
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

// Server integration tests run twice: on PGlite and on a real PostgreSQL (scripts/test.mjs finds or
// starts one and passes TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on this two-core
    // machine. Most server files wait (on PostgreSQL, pg-boss, child processes, SMTP), so two at a
    // time keep both cores busy; every file has a database of its own (test/helpers.ts).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
