import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestDatabase, TEST_DB } from '../../test/helpers';
import { migrationsDir } from '../lib/paths';
import { openPostgres } from './database';
import { migrate } from './migrate';

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
    const real = readdirSync(migrationsDir()).filter((f) => f.endsWith('.sql'));
    const files = (upTo: string) =>
      Object.fromEntries(
        real.filter((f) => f <= upTo).map((f) => [f, readFileSync(path.join(migrationsDir(), f), 'utf8')]),
      );
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
});
