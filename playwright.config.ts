import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eServers, e2eSettings } from './scripts/lib/e2e-servers.mjs';

// End-to-end tests drive Debian's Chromium (its headless shell, scripts/lib/system.mjs) against
// the built app served by the real server on a fresh PGlite folder. `npm test` builds first and
// installs the headless shell when it is missing.
const { port, livePort, dataDir } = e2eSettings(path.resolve('.'));
const baseURL = `http://localhost:${port}`;
// Live organisations (specs in apps/web/e2e/live/) run against a second server: a real provider
// and Stripe, both fakes at their HTTP edges, started by scripts/e2e-live.ts (decision 046).
const liveBaseURL = `http://localhost:${livePort}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: '.test-output/playwright',
  fullyParallel: true,
  // One worker per core, at most four (E2E_WORKERS overrides): a worker is a Chromium and the
  // server takes its share too, so more workers than cores only makes every test slower and
  // pushes journeys past their budgets (decision 019).
  workers: Number(process.env.E2E_WORKERS) || Math.min(4, Math.max(1, os.availableParallelism())),
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    // The pages are tested as someone who asked for less motion sees them (index.css): no
    // animation frames to paint in software on a two-core machine, and no element caught
    // mid-transition by a click or an axe scan. Nothing here tests an animation itself.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // @mobile: a test of the 375 px layout, run only on the phone. @both: run on each.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@mobile/,
      testIgnore: /\/live\//,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, channel: undefined },
      grep: /@mobile|@both/,
      testIgnore: /\/live\//,
    },
    {
      name: 'live',
      testMatch: /\/live\/.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: liveBaseURL },
    },
  ],
  // The servers' definitions are shared with `npm test`, which starts them beside Vitest and says
  // so with E2E_SERVERS_STARTED=1: then they are up already (scripts/lib/e2e-servers.mjs).
  webServer: e2eServers({ port, livePort, dataDir }).map((server) => ({
    command: server.command,
    url: server.url,
    reuseExistingServer: process.env.E2E_SERVERS_STARTED === '1',
    // A fresh PGlite folder is migrated and the catalogue synced before the server listens:
    // seconds on a quiet machine, over a minute on a loaded two-core one.
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: server.env,
  })),
});
