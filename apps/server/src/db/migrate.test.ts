import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertHistoricalOrders } from '../../test/factories/order-history';
import { createPostgresDatabase, createTestDatabase, TEST_DB, testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import { migrationsDir, serverRoot } from '../lib/paths';
import { openPostgres } from './database';
import { migrate, pendingMigrations } from './migrate';

const dirs: string[] = [];
function migrationsFolder(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gr-migrations-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The real migrations up to `upTo` (a name compared as text: '0041_~' is every 0041 and before). */
function files(upTo: string) {
  const real = readdirSync(migrationsDir()).filter((f) => f.endsWith('.sql'));
  return Object.fromEntries(
    real.filter((f) => f <= upTo).map((f) => [f, readFileSync(path.join(migrationsDir(), f), 'utf8')]),
  );
}

const tableExists = async (handle: Awaited<ReturnType<typeof createTestDatabase>>, name: string) =>
  (
    await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = ${name}`.execute(handle.db)
  ).rows[0]?.n === 1;

describe(`migrations (${TEST_DB})`, () => {
  it('applies the real migrations once; a second run applies none', async () => {
    const handle = await createTestDatabase();
    try {
      expect(await migrate(handle)).toContain('0001_app_instance');
      expect(await migrate(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('runs files in order, each in a transaction: a failing file leaves nothing of itself and names itself', async () => {
    const handle = await createTestDatabase();
    const dir = migrationsFolder({
      '0001_a.sql': 'CREATE TABLE t_a (id int);',
      '0002_b.sql': 'CREATE TABLE t_b (id int);\nINSERT INTO t_b VALUES (1);\nSELECT no_such_function();',
      '0003_c.sql': 'CREATE TABLE t_c (id int);',
    });
    try {
      await expect(migrate(handle, dir)).rejects.toThrow(/Migration 0002_b\.sql failed: .*no_such_function/);
      expect(await tableExists(handle, 't_a')).toBe(true);
      expect(await tableExists(handle, 't_b')).toBe(false);
      expect(await tableExists(handle, 't_c')).toBe(false);
      const versions = await handle.db.selectFrom('schema_migrations').select('version').execute();
      expect(versions.map((v) => v.version)).toEqual(['0001_a']);
      // The connection is usable after the failure.
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db)).rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('0042 numbers the refresh tokens of existing sessions in the order they were issued', async () => {
    const handle = await createTestDatabase();
    try {
      await migrate(handle, migrationsFolder(files('0041_~')));
      // Two sessions: one refreshed twice in a row, one whose first token had two siblings.
      const { rows: sessions } = await sql<{ id: string }>`
        WITH u AS (INSERT INTO users (email, password_hash) VALUES ('old@example.com', 'x') RETURNING id),
             o AS (INSERT INTO organisations (name) VALUES ('Old') RETURNING id)
        INSERT INTO auth_sessions (user_id, organisation_id, expires_at)
        SELECT u.id, o.id, now() + interval '1 day' FROM u, o, generate_series(1, 2)
        RETURNING id`.execute(handle.db);
      const [a, b] = sessions.map((s) => s.id);
      const token = (session: string | undefined, minutesAgo: number) =>
        sql`INSERT INTO auth_refresh_tokens (session_id, token_hash, created_at)
            VALUES (${session}, decode(md5(random()::text), 'hex'), now() - make_interval(mins => ${minutesAgo}))`.execute(
          handle.db,
        );
      for (const m of [9, 7, 5]) await token(a, m);
      for (const m of [8, 6, 6]) await token(b, m);
      await migrate(handle, migrationsFolder(files('0042_~')));
      const generations = async (session: string | undefined) =>
        (
          await sql<{ generation: number }>`
            SELECT generation FROM auth_refresh_tokens WHERE session_id = ${session} ORDER BY generation`.execute(
            handle.db,
          )
        ).rows.map((r) => r.generation);
      expect(await generations(a)).toEqual([1, 2, 3]);
      expect(await generations(b)).toEqual([1, 2, 3]);
      // A token inserted without one (by the previous release's code) gets the next in its session.
      await token(a, 0);
      expect(await generations(a)).toEqual([1, 2, 3, 4]);
    } finally {
      await handle.close();
    }
  });

  it('0095 recounts the rollups by mode: the same figures, sandbox and live apart, and the triggers keep them so', async () => {
    const handle = await createTestDatabase();
    const db = handle.db;
    try {
      await migrate(handle, migrationsFolder(files('0094_~')));
      const { rows: made } = await sql<{ product: string; a: string; b: string }>`
        WITH p AS (
          INSERT INTO products (code, provider, name, brand, country, currency, currency_exponent, min_value,
            max_value, payout_type, category, logo_svg, description, redemption_instructions, terms, sort_key,
            search_text, content_hash)
          VALUES ('SHOP-US', 'sandbox', 'Shop', 'Shop', 'US', 'USD', 2, 100, 50000, 'gift_card', 'Retail', '<svg/>',
            '', '', '', 'shop', 'shop', 'h')
          RETURNING id),
        a AS (INSERT INTO organisations (name) VALUES ('Went live') RETURNING id),
        b AS (INSERT INTO organisations (name) VALUES ('Still sandbox') RETURNING id)
        SELECT p.id AS product, a.id AS a, b.id AS b FROM p, a, b`.execute(db);
      const { product, a, b } = made[0] as { product: string; a: string; b: string };
      const shop = {
        id: product,
        code: 'SHOP-US',
        name: 'Shop',
        brand: 'Shop',
        category: 'Retail',
        country: 'US',
        currency: 'USD',
        minMinor: 100,
        maxMinor: 50000,
        denominations: null,
      };
      const key = randomBytes(32);
      const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));
      const write = (organisationId: string, list: [number, number, number, 'completed' | 'failed', number?][]) =>
        insertHistoricalOrders(db as never, {
          organisationId,
          key,
          orders: list.map(([d, amountMinor, quantity, status, claimed]) => ({
            product: shop,
            amountMinor,
            quantity,
            status,
            claimed,
            recipientEmail: `r${d}-${amountMinor}@example.com`,
            createdAt: day(d),
          })),
        });
      // Sandbox history, part of it folded into the rollups, part still in the deltas; a claim, a
      // refunded void of one reward of three, and a status change among them.
      const [voidedOrder] = await write(a, [
        [1, 2500, 3, 'completed', 1],
        [1, 1000, 1, 'failed'],
        [2, 4000, 2, 'completed', 2],
      ]);
      await write(b, [[1, 1500, 1, 'completed', 1]]);
      await sql`SELECT compact_order_stats()`.execute(db);
      await sql`UPDATE rewards SET void_state = 'refunded', voided_at = now()
        WHERE order_id = ${voidedOrder} AND position = 3`.execute(db);
      await write(a, [[2, 3000, 1, 'completed']]);
      // Then the organisation goes live (0087's trigger gives its later orders the live mode).
      await sql`UPDATE organisations SET sandbox = false, live_since = now() WHERE id = ${a}`.execute(db);
      const [changed] = await write(a, [
        [2, 5000, 1, 'completed'],
        [3, 2000, 2, 'completed', 1],
      ]);
      await sql`UPDATE orders SET status = 'failed' WHERE id = ${changed}`.execute(db);

      type Figure = { org: string; day: string; status: string; n: string; r: string; t: string; f: string; c: string };
      const sums = sql`sum(orders)::text AS n, sum(rewards)::text AS r, sum(charged_total_minor)::text AS t,
        sum(charged_fee_minor)::text AS f, sum(rewards_claimed)::text AS c`;
      const columns = sql`organisation_id, day, status, orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed`;
      const figures = async (table: 'order_stats_daily' | 'order_stats_daily_dims') =>
        (
          await sql<Figure>`
            SELECT organisation_id AS org, day::text AS day, status, ${sums} FROM (
              SELECT ${columns} FROM ${sql.table(table)} UNION ALL SELECT ${columns} FROM order_stats_deltas) s
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db)
        ).rows;
      const before = await figures('order_stats_daily');
      expect(before).toHaveLength(6);
      expect(await figures('order_stats_daily_dims')).toEqual(before);

      await migrate(handle, migrationsFolder(files('0095_~')));
      // Recounted straight into the rollups: nothing waits in the deltas, and every figure is the same.
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_stats_deltas`.execute(db)).rows[0]?.n).toBe(
        0,
      );
      expect(await figures('order_stats_daily')).toEqual(before);
      expect(await figures('order_stats_daily_dims')).toEqual(before);
      // Each mode's figures are its own orders'.
      const byMode = async () =>
        (
          await sql<{ org: string; sandbox: boolean; n: string; r: string; t: string; c: string }>`
            SELECT organisation_id AS org, sandbox, sum(orders)::text AS n, sum(rewards)::text AS r,
              sum(charged_total_minor)::text AS t, sum(rewards_claimed)::text AS c
            FROM (SELECT organisation_id, sandbox, orders, rewards, charged_total_minor, rewards_claimed
                  FROM order_stats_daily
                  UNION ALL
                  SELECT organisation_id, sandbox, orders, rewards, charged_total_minor, rewards_claimed
                  FROM order_stats_deltas) s
            GROUP BY 1, 2`.execute(db)
        ).rows;
      const { rows: recount } = await sql<{ org: string; sandbox: boolean; n: string; t: string }>`
        SELECT organisation_id AS org, sandbox, count(*)::text AS n, sum(charged_total_minor)::text AS t
        FROM orders GROUP BY 1, 2`.execute(db);
      const voided = await sql<{ share: string }>`
        SELECT (charged_subtotal_minor / 3 + charged_fee_minor / 3)::text AS share
        FROM orders WHERE id = ${voidedOrder}`.execute(db);
      const refund = Number(voided.rows[0]?.share);
      const modes = await byMode();
      const of = (org: string, sandbox: boolean) => modes.find((m) => m.org === org && m.sandbox === sandbox);
      const recounted = (org: string, sandbox: boolean) => recount.find((m) => m.org === org && m.sandbox === sandbox);
      expect(of(a, true)).toEqual({
        org: a,
        sandbox: true,
        n: '4',
        r: String(3 - 1 + 1 + 2 + 1),
        t: String(Number(recounted(a, true)?.t) - refund),
        c: '3',
      });
      expect(of(a, false)).toEqual({ org: a, sandbox: false, n: '2', r: '3', t: recounted(a, false)?.t, c: '1' });
      expect(of(b, true)).toMatchObject({ n: '1', r: '1', c: '1' });
      expect(of(b, false)).toBeUndefined();

      // The new triggers and compaction keep the modes apart: a claim of a sandbox order after
      // going live counts in the sandbox figures.
      const [sandboxOrder] = (
        await sql<{
          id: string;
        }>`SELECT id FROM orders WHERE organisation_id = ${a} AND sandbox AND status = 'completed'
          ORDER BY created_at LIMIT 1`.execute(db)
      ).rows;
      await sql`UPDATE rewards SET claim_first_opened_at = now(), claim_last_opened_at = now(), claim_open_count = 1
        WHERE order_id = ${sandboxOrder?.id} AND claim_first_opened_at IS NULL AND void_state IS NULL`.execute(db);
      await write(a, [[4, 1000, 1, 'completed']]);
      await sql`SELECT compact_order_stats()`.execute(db);
      const after = await byMode();
      const ofAfter = (org: string, sandbox: boolean) => after.find((m) => m.org === org && m.sandbox === sandbox);
      expect(ofAfter(a, true)).toMatchObject({ n: '4', c: '4' });
      expect(ofAfter(a, false)).toMatchObject({ n: '3', r: '4', c: '1' });
    } finally {
      await handle.close();
    }
  });

  it('refuses a misnamed file before touching the database', async () => {
    const handle = await createTestDatabase();
    const dir = migrationsFolder({ '0001_ok.sql': 'SELECT 1;', 'add-users.sql': 'SELECT 1;' });
    try {
      await expect(migrate(handle, dir)).rejects.toThrow('Migration add-users.sql is misnamed');
      expect(await tableExists(handle, 'schema_migrations')).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it.runIf(TEST_DB === 'postgres')('several processes starting at once migrate exactly once', async () => {
    const { url, drop } = await createPostgresDatabase();
    const dir = migrationsFolder({
      '0001_counter.sql': 'CREATE TABLE runs (id serial PRIMARY KEY);',
      '0002_bump.sql': 'INSERT INTO runs DEFAULT VALUES;',
    });
    const handles = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, 2)));
    try {
      const results = await Promise.all(handles.map((h) => migrate(h, dir)));
      expect(results.flat().sort()).toEqual(['0001_counter', '0002_bump']);
      const runs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM runs`.execute(handles[0]!.db);
      expect(runs.rows[0]?.n).toBe(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await drop();
    }
  });

  it('MIGRATE=off: a start on a database that lacks a migration refuses, naming npm run migrate', async () => {
    const handle = await createTestDatabase();
    try {
      const dir = migrationsFolder(files('0002_~'));
      await migrate(handle, migrationsFolder(files('0001_~')));
      expect(await pendingMigrations(handle, dir)).toEqual([Object.keys(files('0002_~'))[1]?.replace('.sql', '')]);
      // The real migrations: all but the first are missing, and nothing is applied or written.
      await expect(
        buildApp({ config: testConfig({ MIGRATE: 'off' }), database: handle, logger: false }),
      ).rejects.toThrow(/lacks \d+ migrations this code needs .*MIGRATE=off: run `npm run migrate` first/);
      expect(await tableExists(handle, 'organisations')).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it.runIf(TEST_DB === 'postgres')(
    'npm run migrate from three processes at once: one applies every migration, the others wait and find none',
    async () => {
      const { url, drop } = await createPostgresDatabase();
      const run = () =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot(), 'src/migrate-main.ts')], {
            env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, LOG_LEVEL: 'warn' },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let out = '';
          child.stdout.on('data', (d) => {
            out += d;
          });
          child.stderr.on('data', (d) => {
            out += d;
          });
          child.on('exit', (code) => resolve({ code, out }));
        });
      try {
        const results = await Promise.all([run(), run(), run()]);
        expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
        const applied = results.filter((r) => r.out.startsWith('Applied '));
        expect(applied).toHaveLength(1);
        expect(results.filter((r) => /is up to date: no migration to apply/.test(r.out))).toHaveLength(2);
        const handle = await openPostgres(url, 1);
        try {
          expect(await pendingMigrations(handle)).toEqual([]);
        } finally {
          await handle.close();
        }
      } finally {
        await drop();
      }
    },
  );
});
