#!/usr/bin/env node
// `npm test`: everything, in one command, on a fresh clone. Installs what the tests need
// (dependencies, Chromium, PostgreSQL), then runs: unit tests and server integration tests (on
// PostgreSQL, and on PGlite for what is PGlite's own) with the production build beside them, then
// the browser tests; beside all of them, at the lowest CPU priority, the checks (types, lint,
// format, database types, the OpenAPI document's lint and the SDK's freshness; decision 100).
// Ends with each phase's time, the slowest files, and one "N passed, N failed" line; exits
// non-zero on any failure (decision 064).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion, ensureDependencies } from './lib/deps.mjs';
import { e2eSettings, startE2eServers } from './lib/e2e-servers.mjs';
import { failedTestLines, playwrightFileTimes, slowestLines } from './lib/slowest.mjs';
import { ensureChromium } from './lib/system.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const started = Date.now();
const cores = os.availableParallelism();

const step = (name) => console.log(`\n━━ ${name} ━━`);

/** Where the time went, phase by phase, printed at the end (decision 064). */
const phases = [];
async function timed(name, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    phases.push({ name, ms: Date.now() - t0, load: os.loadavg()[0] });
  }
}

/**
 * A command whose output is kept and printed whole when it ends, so parallel commands do not
 * interleave. `idle`: at the lowest CPU priority (nice 19, which its children inherit), so it runs
 * on what the tests beside it leave of the cores.
 */
function runBuffered(name, cmd, args, env = {}, { idle = false } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    if (idle && child.pid) {
      try {
        os.setPriority(child.pid, 19);
      } catch {}
    }
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      const status = code ?? 1;
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`${status === 0 ? '✓' : '✗'} ${name} (${secs} s)`);
      if (status !== 0 || process.env.TEST_VERBOSE) process.stdout.write(output.replace(/^/gm, '    '));
      resolve(status);
    });
  });
}

/** Runs the tasks `size` at a time; resolves to the names of those that failed. */
async function pool(tasks, size, options) {
  const failed = [];
  const queue = [...tasks];
  const next = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      if ((await runBuffered(task.name, task.cmd, task.args, task.env, options)) !== 0) failed.push(task.name);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, size) }, next));
  return failed;
}

/** Spawns a command with the terminal's output; resolves to its exit status. */
function runAsync(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

checkNodeVersion();
await timed('install', async () => ensureDependencies(root));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

step('Browser and database');
const postgres = await timed('browser and database', async () => {
  ensureChromium();
  const { providePostgres } = await import('./lib/postgres.mjs');
  return providePostgres();
});
console.log(`PostgreSQL for the tests: ${postgres.source}`);
const stopAll = async () => {
  await postgres.stop().catch((err) => console.error(`Could not stop PostgreSQL: ${err.message}`));
};
const e2eData = path.join(out, 'e2e-data');
/** The browser tests' servers, once the build is done (scripts/lib/e2e-servers.mjs). */
let e2eServers;
process.on('SIGINT', async () => {
  await e2eServers?.stop();
  await stopAll();
  process.exit(130);
});
// They run in process groups of their own: whatever ends this process ends them too.
process.on('exit', () => e2eServers?.kill());

const failures = [];
try {
  // Each check is one process; they run side by side, one per core, beside Vitest and the browser
  // tests at the lowest CPU priority (decision 100): Vitest's server files leave about a sixth of
  // the two cores idle while they wait on databases, queues and child processes (decision 064),
  // and the checks, 60 s of both cores on their own, fit there. Their results are awaited at the end.
  step('Checks (types, lint, format, database types, OpenAPI document and SDK) beside the tests, at idle priority');
  const tsc = (project) => ({ name: `types: ${project}`, cmd: bin('tsc'), args: ['-p', project] });
  // Two type-check programs: the web app (DOM, JSX), and everything else on Node in one program
  // (tsconfig.checks.json: the server, its tests, the four packages, the scripts and the runners'
  // configs, all under the same options), so the server sources the scripts import and the
  // contracts every package imports are checked once, not four times (decision 091).
  const checks = [
    tsc('apps/web'),
    tsc('tsconfig.checks.json'),
    {
      name: 'OpenAPI: Redocly lint, SDK up to date',
      cmd: bin('tsx'),
      args: ['scripts/openapi.ts', 'check'],
      env: { REDOCLY_TELEMETRY: 'off' },
    },
    { name: 'database types', cmd: bin('tsx'), args: ['scripts/generate-db-types.ts', '--verify'] },
    { name: 'lint and format (biome)', cmd: bin('biome'), args: ['check', '.'] },
    // The same command as `npm run check:imports` (dependency-cruiser, .dependency-cruiser.cjs).
    { name: 'imports', cmd: 'npm', args: ['run', '--silent', 'check:imports'] },
    { name: 'table owners', cmd: bin('tsx'), args: ['scripts/check-table-owners.ts'] },
    // Every migration safe beside the previous release's running code (decision 073).
    { name: 'migrations', cmd: bin('tsx'), args: ['scripts/check-migrations.ts'] },
  ];
  const checksDone = timed('checks (beside the tests)', () => pool(checks, cores, { idle: true }));

  // The build is only for the browser tests: it runs beside Vitest, whose server files spend
  // much of their time waiting on databases, queues and child processes.
  step('Unit and integration tests (PostgreSQL, and PGlite for what is its own), with the build beside them');
  const [vitestStatus, buildStatus] = await Promise.all([
    timed('vitest (all projects)', () =>
      runAsync(
        bin('vitest'),
        [
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${path.join(out, 'vitest.json')}`,
          '--reporter=./scripts/lib/vitest-phases.mjs',
        ],
        { TEST_DATABASE_URL: postgres.url, VITEST_PHASES_FILE: path.join(out, 'vitest-phases.json') },
      ),
    ),
    timed('build', () => runBuffered('build', process.execPath, ['scripts/build.mjs'])).then((status) => {
      // The browser tests' two servers start now, beside the rest of Vitest, not on the browser
      // phase's clock (decision 091); Playwright finds them up.
      if (status === 0)
        e2eServers = startE2eServers(root, e2eSettings(root, { ...process.env, E2E_DATA_DIR: e2eData }));
      return status;
    }),
  ]);
  if (vitestStatus !== 0) failures.push('vitest');
  if (buildStatus !== 0) failures.push('build');

  if (buildStatus === 0) {
    step('Browser tests (Chromium)');
    // Up already, or Playwright starts its own as it would without npm test (a failed start says why).
    const started = (await e2eServers?.ready(180_000)) ?? false;
    if (e2eServers && !started) {
      console.log(
        `The browser tests' servers did not start beside Vitest; Playwright starts them:\n${e2eServers.output()}`,
      );
      await e2eServers.stop();
    }
    const pwStatus = await timed('browser', () =>
      runAsync(bin('playwright'), ['test'], {
        E2E_DATA_DIR: e2eData,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        ...(started ? { E2E_SERVERS_STARTED: '1' } : {}),
      }),
    );
    if (pwStatus !== 0) failures.push('playwright');
  }
  step('Checks');
  for (const name of await checksDone) failures.push(`check (${name})`);
} finally {
  await e2eServers?.stop();
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

// Where the time went: each phase, then the ten slowest files of each runner (decisions 019, 054).
const vitestFiles = readJson(path.join(out, 'vitest-phases.json')) ?? [];
for (const project of [...new Set(vitestFiles.map((f) => f.project))].sort()) {
  const files = vitestFiles.filter((f) => f.project === project);
  const span = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
  const sum = files.reduce((total, f) => total + f.end - f.start, 0);
  phases.push({
    name: `  vitest ${project}: ${files.length} files, their times added up ${(sum / 1000).toFixed(0)} s`,
    ms: span,
  });
}
console.log(`\nPhases (wall time; load average of the last minute at the end of each; ${cores} cores):`);
for (const { name, ms, load } of phases) {
  console.log(
    `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}${load === undefined ? '' : `  (load ${load.toFixed(2)})`}`,
  );
}
if (vitestFiles.length) {
  console.log('\nSlowest Vitest files (wall time per file and project):');
  const times = vitestFiles.map((f) => ({ file: `[${f.project}] ${relative(f.file)}`, ms: f.end - f.start }));
  for (const line of slowestLines(times)) console.log(line);
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
  `\nTook ${Math.round((Date.now() - started) / 1000)} s (load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}).${failures.length ? ` Failed: ${failures.join(', ')}.` : ''}`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);

function relative(file) {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
