import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database';

export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** MAILBOX_TOKEN of every test app unless a test sets its own (testConfig). */
export const TEST_MAILBOX_TOKEN = 'test-mailbox-token-0123456789';

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * A URL for a database of its own on the test PostgreSQL server, created now: empty, or a copy of
 * the run's migrated template (test/template-database.ts) when `template` names one.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Where a server process of this test keeps its data: a data folder of its own, and on the
 * PostgreSQL project a database of its own too (`DATABASE_URL`). `remove` deletes both.
 */
export async function processStorage(): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gr-data-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let drop = async () => {};
  if (TEST_DB === 'postgres') {
    const pg = await createPostgresDatabase();
    env.DATABASE_URL = pg.url;
    drop = pg.drop;
  }
  return {
    env,
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    },
  };
}

let pgliteTemplate: Blob | undefined;
let pgliteEmpty: Blob | undefined;

/**
 * An empty database of the kind this test project runs on: in-memory PGlite or a fresh PostgreSQL
 * database. On PGlite, a copy of the run's empty cluster where the global setup made one: nothing
 * but what initdb writes, without paying for initdb again (decision 100).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const empty = TEST_DB === 'pglite' ? inject('pgliteEmpty') : '';
  if (!empty) return openTestDatabase();
  pgliteEmpty ??= new Blob([readFileSync(empty)]);
  return openPglite(undefined, { loadDataDir: pgliteEmpty });
}

/**
 * A database already migrated, with pg-boss's schema: a copy of the run's template where the
 * global setup made one (a file run alone through another config gets a migrated empty one).
 */
export async function createMigratedTestDatabase(): Promise<DatabaseHandle> {
  const name = TEST_DB === 'pglite' ? inject('pgliteTemplate') : inject('postgresTemplate');
  if (!name) return openTestDatabase();
  if (TEST_DB === 'postgres') return openTestDatabase(name);
  pgliteTemplate ??= new Blob([readFileSync(name)]);
  return openPglite(undefined, { loadDataDir: pgliteTemplate });
}

async function openTestDatabase(template?: string): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') return openPglite();
  const { url, drop } = await createPostgresDatabase(template);
  const handle = await openPostgres(url, 10);
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * The app's configuration for a test. Passwords are hashed at argon2id's cheapest cost
 * (PASSWORD_HASHING=fast-test-only): signup.test.ts checks the standard cost once.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    // The factories read the built-in mailbox with it, whatever PUBLIC_URL a test gives (an
    // instance on a public address answers only the token, decision 060); '' unsets it.
    MAILBOX_TOKEN: TEST_MAILBOX_TOKEN,
    APP_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'error',
    DATA_DIR: '/nonexistent',
    PASSWORD_HASHING: 'fast-test-only',
    // Suites send many sandbox rewards from one organisation; sandbox-limits.test.ts sets a cap.
    SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off',
    ...env,
  });
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** Error-level lines the app logged; a test that expects some clears them. */
  loggedErrors: string[];
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, with HTTP through `app.inject`. The app logs to memory; an
 * error logged that the test did not expect fails the test at close.
 */
export async function createTestApp(
  opts: Omit<Partial<BuildAppOptions>, 'config'> & {
    env?: Record<string, string>;
    /** Set over the configuration the environment gives (what only production would set). */
    config?: Partial<Config>;
    beforeReady?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const database = await createMigratedTestDatabase();
  const loggedErrors: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      loggedErrors.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config: { ...testConfig(opts.env), ...opts.config },
    database,
    logger: { level: 'error', stream },
    webDistDir: opts.webDistDir ?? '/nonexistent-web-dist',
  });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    loggedErrors,
    async close() {
      await app.close();
      await database.close();
      if (loggedErrors.length) {
        throw new Error(`The app logged unexpected errors:\n${loggedErrors.join('\n')}`);
      }
    },
  };
}

/** Waits until `check` returns a truthy value, polling; for asynchronous effects such as jobs. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${last}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
