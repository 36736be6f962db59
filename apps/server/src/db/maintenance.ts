import { type RawBuilder, sql } from 'kysely';
import type { DatabaseHandle, Db } from './database';

// The upkeep a database needs from the app (docs/decisions/013-housekeeping.md): rows nobody can use
// any more are deleted, and, where the database has no autovacuum, the tables the app churns are
// vacuumed by the app itself. Queue-like tables (pg-boss's jobs, the rollup deltas, idempotency
// keys) turn over all day: left unvacuumed, every read walks their dead rows and gets slower by the
// hour.

/** Rows per DELETE, so no sweep holds locks or writes WAL in one long burst. */
const SWEEP_BATCH = 5000;
/** Batches per table per sweep; the next sweep carries on. */
const SWEEP_MAX_BATCHES = 20;

/** The rows one sweep deleted, by table. */
export interface SweepResult {
  idempotency_keys: number;
  auth_sessions: number;
  auth_email_tokens: number;
  /** Two-factor sign-in steps (decision 037): five minutes' life, kept a day for the record. */
  auth_two_factor_challenges: number;
  /** FX quotes (decision 039): a minute's life, kept a day so a late order hears "expired". */
  fx_quotes: number;
  events: number;
  audit_events: number;
  /** Landing pages' analytics events past ANALYTICS_RETENTION_DAYS (decision 060). */
  analytics_events: number;
  /** OAuth codes and tokens (decision 075) a day past their expiry: a replay then is only "not valid". */
  oauth_codes: number;
  oauth_tokens: number;
  /**
   * The daily total's kept rows (decisions 092, 097) of days before yesterday: an order counts only
   * in its own UTC day's row, and yesterday's stays for an order placed just before midnight.
   */
  risk_daily_totals: number;
}

/**
 * Deletes rows that can no longer be used: idempotency keys past their expiry (kept at least 24
 * hours, decision 009), and sign-in sessions and emailed links 30 days past
 * their expiry, so a late click still hears "expired" rather than "unknown" (a session's refresh
 * tokens go with it), events past their 35 days, and audit lines past 400 days (the log is kept
 * at least a year; its trigger refuses deleting anything younger, decision 033).
 */
/** How long analytics events are kept (by when the server received them). */
export const ANALYTICS_RETENTION_DAYS = 400;

export async function sweepExpired(db: Db): Promise<SweepResult> {
  const pastGrace = sql`expires_at < now() - interval '30 days'`;
  return {
    idempotency_keys: await sweepTable(db, 'idempotency_keys', ['organisation_id', 'key'], sql`expires_at <= now()`),
    auth_sessions: await sweepTable(db, 'auth_sessions', ['id'], pastGrace),
    auth_email_tokens: await sweepTable(db, 'auth_email_tokens', ['id'], pastGrace),
    auth_two_factor_challenges: await sweepTable(
      db,
      'auth_two_factor_challenges',
      ['id'],
      sql`expires_at < now() - interval '1 day'`,
    ),
    fx_quotes: await sweepTable(db, 'fx_quotes', ['id'], sql`expires_at < now() - interval '1 day'`),
    // The events API promises 30 days; five more for an integration catching up after an outage.
    events: await sweepTable(db, 'events', ['id'], sql`created_at < now() - interval '35 days'`),
    audit_events: await sweepTable(db, 'audit_events', ['id'], sql`created_at < now() - interval '400 days'`),
    // Site analytics reads at most 366 days back; a little more for a range that ends today.
    analytics_events: await sweepTable(
      db,
      'analytics_events',
      ['id'],
      sql`received_at < now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS})`,
    ),
    oauth_codes: await sweepTable(db, 'oauth_codes', ['code_hash'], sql`expires_at < now() - interval '1 day'`),
    oauth_tokens: await sweepTable(db, 'oauth_tokens', ['token_hash'], sql`expires_at < now() - interval '1 day'`),
    risk_daily_totals: await sweepTable(
      db,
      'risk_daily_totals',
      ['organisation_id', 'day'],
      sql`day < (now() AT TIME ZONE 'UTC')::date - 1`,
    ),
  };
}

/**
 * Deletes the rows of `table` (its primary key: `key`) that `expired` picks, a batch at a time, and counts them. `expired`
 * is checked again on each row deleted: another request may have changed it since the batch was
 * chosen.
 */
async function sweepTable(db: Db, table: string, key: string[], expired: RawBuilder<unknown>): Promise<number> {
  const columns = sql.join(key.map((c) => sql.ref(c)));
  let total = 0;
  for (let i = 0; i < SWEEP_MAX_BATCHES; i++) {
    const res = await sql`
      DELETE FROM ${sql.table(table)} WHERE (${columns}) IN (
        SELECT ${columns} FROM ${sql.table(table)} WHERE ${expired} LIMIT ${SWEEP_BATCH})
      AND ${expired}`.execute(db);
    const n = Number(res.numAffectedRows ?? 0);
    total += n;
    if (n < SWEEP_BATCH) break;
  }
  return total;
}

/** Whether PostgreSQL's autovacuum looks after this database. PGlite has none: it is one backend. */
export async function hasAutovacuum(handle: DatabaseHandle): Promise<boolean> {
  if (handle.driver === 'pglite') return false;
  const { rows } = await sql<{ on: boolean }>`
    SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on`.execute(handle.db);
  return rows[0]?.on === true;
}

export interface TableUpkeep {
  /** Schema-qualified and quoted, ready for a VACUUM or ANALYZE statement. */
  table: string;
  action: 'vacuum' | 'analyze';
  dead: number;
  live: number;
}

/**
 * The app's tables (its own and pg-boss's) that autovacuum would see to, with tighter thresholds
 * since the busiest are queues: vacuum past 1,000 dead rows plus 5 % of the live ones, analyse
 * past 1,000 changes plus 10 %. `leftBehind` holds the dead rows the last VACUUM of a table could
 * not remove (an old snapshot still sees them): only rows beyond those count, so a table is not
 * vacuumed again and again for nothing.
 */
export async function tablesNeedingUpkeep(
  db: Db,
  leftBehind: ReadonlyMap<string, number> = new Map(),
): Promise<TableUpkeep[]> {
  const { rows } = await sql<{ ident: string; live: string; dead: string; changed: string }>`
    SELECT format('%I.%I', schemaname, relname) AS ident, n_live_tup::text AS live,
           n_dead_tup::text AS dead, n_mod_since_analyze::text AS changed
    FROM pg_stat_user_tables
    WHERE schemaname IN ('public', 'pgboss')
    ORDER BY n_dead_tup DESC`.execute(db);
  const out: TableUpkeep[] = [];
  for (const r of rows) {
    const live = Number(r.live);
    const dead = Number(r.dead);
    if (dead - (leftBehind.get(r.ident) ?? 0) > 1000 + 0.05 * live)
      out.push({ table: r.ident, action: 'vacuum', dead, live });
    else if (Number(r.changed) > 1000 + 0.1 * live) out.push({ table: r.ident, action: 'analyze', dead, live });
  }
  return out;
}

// Any number will do, as long as nothing else in the app takes it.
const UPKEEP_LOCK_KEY = 4_247_019_332;

/** The dead rows a table has now, by its schema-qualified, quoted name. */
export async function deadRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ dead: string }>`
    SELECT n_dead_tup::text AS dead FROM pg_stat_user_tables
    WHERE format('%I.%I', schemaname, relname) = ${table}`.execute(db);
  return Number(rows[0]?.dead ?? 0);
}

/**
 * VACUUM (ANALYZE), or ANALYZE, one table. On PostgreSQL a session lock keeps two processes from
 * working at once (VACUUM cannot run in a transaction, so it is not a transaction lock); returns
 * false when another process holds it. PGlite has one connection and one process.
 */
export async function upkeepTable(handle: DatabaseHandle, t: TableUpkeep): Promise<boolean> {
  const statement = sql.raw(t.action === 'vacuum' ? `VACUUM (ANALYZE) ${t.table}` : `ANALYZE ${t.table}`);
  if (handle.driver === 'pglite') {
    await statement.execute(handle.db);
    return true;
  }
  return handle.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${UPKEEP_LOCK_KEY}) AS ok`.execute(conn);
    if (!rows[0]?.ok) return false;
    try {
      await statement.execute(conn);
      return true;
    } finally {
      await sql`SELECT pg_advisory_unlock(${UPKEEP_LOCK_KEY})`.execute(conn);
    }
  });
}
