import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { startDraining } from '../../plugins/lifecycle';

describe(`GET /api/health/live and /ready (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('live answers 200 without asking the database', async () => {
    // The pool stays open: live only proves the event loop answers.
    const res = await t.app.inject({ url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready is 503 naming migrations while one this code has is missing, 200 once it is there', async () => {
    // The first question, before any answer is remembered: a migration the database lacks.
    const [last] = await t.database.db
      .deleteFrom('schema_migrations')
      .where('version', '=', (eb) => eb.selectFrom('schema_migrations').select((e) => e.fn.max('version').as('v')))
      .returning('version')
      .execute();
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      database: { ok: true },
      migrations: { ok: false, pending: 1 },
      draining: false,
      failed: ['migrations'],
    });
    await t.database.db
      .insertInto('schema_migrations')
      .values({ version: last?.version as string })
      .execute();
    const ok = await t.app.inject({ url: '/api/health/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 'ready',
      database: { ok: true },
      migrations: { ok: true, pending: 0 },
      draining: false,
      failed: [],
    });
  });

  it('a version the code does not know (the next release migrated) is no pending migration', async () => {
    await sql`INSERT INTO schema_migrations (version) VALUES ('9999_from_the_next_release')`.execute(t.database.db);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('ready is 503 from the moment the process drains, and names the database once it is gone; live stays 200', async () => {
    const other = await createTestApp();
    try {
      startDraining(other.app);
      const res = await other.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', draining: true, failed: ['draining'] });
      // Every answer while draining ends its keep-alive connection.
      expect(res.headers.connection).toBe('close');
      expect((await other.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

      await other.database.close();
      const gone = await other.app.inject({ url: '/api/health/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ database: { ok: false }, failed: ['database', 'draining'] });
      expect((await other.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      other.loggedErrors.length = 0;
      await other.app.close().catch(() => {});
    }
  });
});
