import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import WaitingFirstSequencer from './scripts/lib/vitest-sequencer.mjs';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
  exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Generous: a slow machine must make a test slow, not red. On PGlite every query of a file,
  // its workers' included, takes turns on one thread, so under load an email can take many
  // seconds to reach the mailbox (test/factories.ts waitForEmail).
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // A worker imports the app's module graph once and runs file after file in it: every file still
  // builds its own app on its own database (test/helpers.ts createTestApp), so nothing a test can
  // see is shared, and the imports that took 240-400 s of a run are paid once per worker.
  isolate: false,
};

// Every server integration file runs on a real PostgreSQL (scripts/test.mjs finds or starts one and
// passes TEST_DATABASE_URL). PGlite is the same PostgreSQL in WASM, so SQL behaves alike on both; what
// is PGlite's own is its single connection, its LISTEN/NOTIFY, its data folder and the process that
// opens it, and the workers that vacuum it. These files test that, and run on PGlite too (decision 064).
// The browser tests run the whole app on PGlite besides.
export const PGLITE_FILES = [
  // Migrations from empty, the engine handles, the process start and its data folder.
  'apps/server/src/db/*.test.ts',
  'apps/server/test/process.test.ts',
  // The job queue and its wake-ups over PGlite's notifications.
  'apps/server/src/plugins/queue.test.ts',
  'apps/server/src/plugins/pg-boss-internals.test.ts',
  // The money path: orders, idempotency, the ledger, fulfilment that survives restarts, the SDK.
  'apps/server/src/modules/orders/orders.test.ts',
  'apps/server/src/modules/orders/schedule.test.ts',
  // Recipient's choice (decision 080): held at send, captured at the pick.
  'apps/server/src/modules/orders/choice.test.ts',
  // SMS delivery and orders by text only (decisions 082, 088): the text's durable claim on each engine.
  'apps/server/src/modules/sms/sms.test.ts',
  'apps/server/src/modules/idempotency/*.test.ts',
  'apps/server/src/modules/ledger/ledger.test.ts',
  'apps/server/test/partial-issuance.test.ts',
  'apps/server/test/fulfilment-durability.test.ts',
  'apps/server/test/batch-durability.test.ts',
  // Expiry's sweep and refund through the ledger (decision 081).
  'apps/server/src/modules/orders/expiry.test.ts',
  // Risk rules (decision 083): held orders' money, release and block through the ledger.
  'apps/server/src/modules/risk/risk.test.ts',
  'apps/server/test/sdk.test.ts',
  // Webhook dispatch (the outbox's NOTIFY), housekeeping and self-vacuum, key rotation.
  'apps/server/src/modules/webhooks/dispatch.test.ts',
  'apps/server/test/webhook-durability.test.ts',
  'apps/server/src/jobs/housekeeping.test.ts',
  'apps/server/test/key-rotation.test.ts',
  // The catalogue synced at start and answered from memory; health on the embedded database.
  'apps/server/src/modules/catalog/sync.test.ts',
  'apps/server/src/modules/health/health.test.ts',
  // Readiness reads schema_migrations through the engine's own query path (decision 073).
  'apps/server/src/modules/health/probes.test.ts',
  // The security review's holes (issue 29) where a transaction could wait on another one: the
  // operator bootstrap's race, rewards in review, resends, the sandbox relay. Sign-up takeover,
  // secrets in the logs, tokens bound to their organisation and the states' figures (decision 076)
  // are SQL and logic that behave alike on both engines: PostgreSQL runs them (decision 091).
  'apps/server/src/modules/operators/bootstrap.test.ts',
  'apps/server/test/reward-review.test.ts',
  'apps/server/src/modules/orders/resend.test.ts',
  // AI agents over MCP (decision 074): previews, caps in the order's transaction, source marking.
  'apps/server/src/modules/mcp/mcp.test.ts',
  'apps/server/src/modules/sandbox-limits/sandbox-limits.test.ts',
  // OAuth for assistants (decision 075): codes, refresh rotation and revocation, locked rows on both engines.
  'apps/server/src/modules/oauth/oauth.test.ts',
  // Metrics and traces of a real process on the embedded database (decision 072).
  'apps/server/test/observability.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on this two-core
    // machine. Most server files wait (on PostgreSQL, pg-boss, child processes, SMTP): measured on
    // two cores, two workers kept 1.3 of them busy (350 s), three kept 1.65 busy (271 s). Every
    // file has a database of its own (test/helpers.ts), so files never see each other (decision 064).
    maxWorkers: Math.max(3, os.availableParallelism() + 1),
    // The files that mostly wait start first, so the others fill the cores beside their waits
    // instead of leaving them to wait alone at the end (scripts/lib/vitest-sequencer.mjs).
    sequence: { sequencer: WaitingFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/*.unit.test.ts',
          ],
          environment: 'node',
        },
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
      },
      { test: { ...serverTests, include: PGLITE_FILES, name: 'server-pglite', env: { TEST_DB: 'pglite' } } },
      { test: { ...serverTests, name: 'server-postgres', env: { TEST_DB: 'postgres' } } },
    ],
  },
});
