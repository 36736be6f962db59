#!/usr/bin/env node
// `npm test`: everything, in one command, on a fresh clone. Installs what the tests need
// (dependencies, Chromium, PostgreSQL), then runs: checks (types, lint, format), the OpenAPI
// document's lint and the SDK's freshness, unit tests,
// server integration tests on PGlite and on PostgreSQL, the production build, and the browser
// tests. Ends with one "N passed, N failed" line and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion, ensureDependencies } from './lib/deps.mjs';
import { failedTestLines, playwrightFileTimes, slowestLines, vitestFileTimes } from './lib/slowest.mjs';
import { ensureChromium } from './lib/system.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const started = Date.now();

const step = (name) => console.log(`\n━━ ${name} ━━`);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

checkNodeVersion();
ensureDependencies(root);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

step('Browser and database');
ensureChromium();
const { providePostgres } = await import('./lib/postgres.mjs');
const postgres = await providePostgres();
console.log(`PostgreSQL for the tests: ${postgres.source}`);
const stopAll = async () => {
  await postgres.stop().catch((err) => console.error(`Could not stop PostgreSQL: ${err.message}`));
};
process.on('SIGINT', async () => {
  await stopAll();
  process.exit(130);
});

const failures = [];
try {
  step('Checks: types, lint, format');
  if (run('npm', ['run', '--silent', 'check']) !== 0) failures.push('checks');

  step('OpenAPI document: Redocly lint, SDK up to date');
  if (run('npm', ['run', '--silent', 'check:openapi'], { REDOCLY_TELEMETRY: 'off' }) !== 0) failures.push('openapi');

  step('Unit and integration tests (PGlite and PostgreSQL)');
  const vitestStatus = run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, 'vitest.json')}`],
    { TEST_DATABASE_URL: postgres.url },
  );
  if (vitestStatus !== 0) failures.push('vitest');

  step('Build');
  const { build } = await import('./build.mjs');
  await build();

  step('Browser tests (Chromium)');
  const e2eData = path.join(out, 'e2e-data');
  const pwStatus = run(bin('playwright'), ['test'], { E2E_DATA_DIR: e2eData, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
  if (pwStatus !== 0) failures.push('playwright');
} finally {
  await stopAll();
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitestReport = readJson(path.join(out, 'vitest.json'));
if (vitestReport) {
  counts.passed += vitestReport.numPassedTests;
  counts.failed += vitestReport.numFailedTests;
  counts.skipped += vitestReport.numPendingTests + vitestReport.numTodoTests;
}
const pwReport = readJson(path.join(out, 'playwright.json'));
if (pwReport) {
  counts.passed += pwReport.stats.expected + pwReport.stats.flaky;
  counts.failed += pwReport.stats.unexpected;
  counts.skipped += pwReport.stats.skipped;
}
// Where the time went: the ten slowest files of each runner (decision 019).
if (vitestReport) {
  console.log('\nSlowest Vitest files (wall time per file and project):');
  for (const line of slowestLines(vitestFileTimes(vitestReport, root))) console.log(line);
}
if (pwReport) {
  console.log("\nSlowest Playwright files (their tests' durations added up):");
  for (const line of slowestLines(playwrightFileTimes(pwReport))) console.log(line);
}

// What failed, last, where a CI log's tail still shows it.
const failedLines = failedTestLines(vitestReport, pwReport, root);
if (failedLines.length) {
  console.log('\nFailed or flaky tests:');
  for (const line of failedLines) console.log(`  ${line}`);
}

// A step that failed without a failing test (a crash, a check) still fails the run.
if (failures.length && counts.failed === 0) counts.failed = failures.length;

console.log(
  `\nTook ${Math.round((Date.now() - started) / 1000)} s.${failures.length ? ` Failed: ${failures.join(', ')}.` : ''}`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
