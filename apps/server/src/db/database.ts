import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type ConstructorOptions, fromPglite } from 'pg-boss';
import { redactUrl } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Runs SQL text that may hold several statements and no parameters (migrations). */
export type ScriptRunner = (sql: string) => Promise<void>;

/**
 * One database, whichever engine is behind it: Kysely for queries, a way to run SQL scripts
 * under a lock for migrations, and the options pg-boss needs to share it.
 */
export interface DatabaseHandle {
  driver: 'pglite' | 'postgres';
  /** Where the data lives, safe to print. */
  location: string;
  db: Db;
  bossOptions: ConstructorOptions;
  /**
   * One statement straight to the driver, for the few hot paths that build their SQL once: no
   * query builder on the way. A `name` makes it a prepared statement on PostgreSQL (parsed once per
   * connection); the text for a name must never change.
   */
  query<R = Record<string, unknown>>(text: string, values: unknown[], name?: string): Promise<{ rows: R[] }>;
  /**
   * Sends NOTIFYs in a transaction of their own whose commit is not waited for on disk: they are
   * wake-up hints, worthless after a crash, and a NOTIFY holds a database-wide lock until its
   * commit is flushed.
   */
  notify(channel: string, payloads: string[]): Promise<void>;
  /** Runs `fn` holding the migration lock, so parallel starts migrate once. */
  withMigrationLock<T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the pool's connections now, for /metrics (PGlite has one, in the process). */
  poolStats?(): PoolStats;
  /** PGlite only: the whole data folder as one tar file, which `openPglite` can start from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** A pg pool's connections: open (`total`), of which `idle`; queries `waiting` for one; the size `max`. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

// Both engines answer alike: timestamps as Date, int8 (bigint, count(*), sum of int) and numeric as
// strings, which repositories turn into numbers where they know the range. node-postgres does this
// by default; PGlite would give BigInt for int8, which JSON cannot carry.
const INT8 = 20;
const NUMERIC = 1700;
const keepText = (value: string) => value;

const MIGRATION_LOCK_KEY = 4_247_019_331;

export async function openPostgres(url: string, poolMax = 20): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (cause) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachableError(redactUrl(url), cause);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    driver: 'postgres',
    location: redactUrl(url),
    db,
    bossOptions: { connectionString: url, max: 4, backend: 'postgres' },
    async query(text, values, name) {
      const res = await pool.query(name ? { name, text, values } : { text, values });
      return { rows: res.rows };
    },
    async notify(channel, payloads) {
      await pool.query(NOTIFY_ALL, [channel, payloads]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn(async (sql) => {
          await client.query(sql);
        });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * `dir` is a folder for data kept on disk, or undefined for a database held in memory (tests).
 * `loadDataDir` starts from a data folder dumped by `dumpDataDir` instead of an empty cluster: the
 * tests' migrated template, which skips initdb and the migrations (test/template-database.ts).
 */
export async function openPglite(dir?: string, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  // Extensions PGlite ships separately must be loaded here for a migration's CREATE EXTENSION.
  const pglite = await PGlite.create(dir ?? 'memory://', {
    parsers: { [INT8]: keepText, [NUMERIC]: keepText },
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    driver: 'pglite',
    location: dir ?? 'memory',
    db,
    bossOptions: { db: fromPglite(pglite), backend: 'pglite' },
    async query(text, values) {
      const res = await pglite.query(text, values);
      return { rows: res.rows as never[] };
    },
    async notify(channel, payloads) {
      await pglite.query(NOTIFY_ALL, [channel, payloads]);
    },
    async withMigrationLock(fn) {
      // One process owns a PGlite folder (see data-lock.ts), so there is nobody to race.
      return fn(async (sql) => {
        await pglite.exec(sql);
      });
    },
    async dumpDataDir() {
      return pglite.dumpDataDir('none');
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * One NOTIFY on channel $1 per payload of $2, as parameters, in one statement (its own
 * transaction) committed without waiting for its WAL flush: a wake-up is a hint, worthless after
 * a crash, and must not wait behind the orders' commits.
 */
const NOTIFY_ALL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1::text, p)
  FROM unnest($2::text[]) AS p`;

export class DatabaseUnreachableError extends Error {
  constructor(
    readonly location: string,
    cause: unknown,
  ) {
    super(`cannot connect to the database at DATABASE_URL (${location}): ${describeCause(cause)}`);
    this.name = 'DatabaseUnreachableError';
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof AggregateError && cause.errors.length) return describeCause(cause.errors[0]);
  if (cause instanceof Error) return cause.message || cause.name;
  return String(cause);
}
