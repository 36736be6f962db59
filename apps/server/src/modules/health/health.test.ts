import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerifiedUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

describe(`GET /api/health (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nobody becomes an operator by verifying first: the test makes its own.
    t = await createTestApp({ env: { OPERATOR_EMAILS: 'health-ops@example.com' } });
  });
  afterAll(() => t.close());

  it('tells anyone only ok or not per part, and the version', async () => {
    const res = await eventually(async () => {
      const r = await t.app.inject({ method: 'GET', url: '/api/health' });
      return r.statusCode === 200 ? r : undefined;
    });
    expect(res.json()).toEqual({
      status: 'ok',
      version: expect.any(String),
      database: { ok: true },
      queue: { ok: true },
      gift_cards: { ok: true },
    });
    // A customer is anyone.
    const customer = await signUpVerifiedUser(t);
    const asCustomer = await t.app.inject({ url: '/api/health', headers: bearer(customer.accessToken) });
    expect(Object.keys(asCustomer.json().database)).toEqual(['ok']);
  });

  it('tells the web app this is no demo, and that nobody can go live on the sandbox alone', async () => {
    const res = await t.app.inject({ url: '/api/v1/instance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, demo: false, live_available: false });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect((await t.app.inject({ url: '/api/health' })).json()).not.toHaveProperty('demo');
  });

  it('reports the database, a real job round trip through the queue, and the version to an operator', async () => {
    const { accessToken } = await makeOperator(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      database: { ok: true, driver: TEST_DB },
      queue: { ok: true },
      instance: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), boot_count: 1 },
    });
    expect(body.queue.round_trip_ms).toBeGreaterThanOrEqual(0);
    expect(body.gift_cards).toMatchObject({ provider: 'sandbox', sandbox: true, ok: true });
    expect(body.gift_cards.available_products).toBeGreaterThan(100);
    expect(new Date(body.gift_cards.last_sync_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(body.queue.last_round_trip_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the round trip went through pg-boss tables in this database', async () => {
    const { rows } = await t.database.db
      .selectFrom('schema_migrations')
      .select('version')
      .execute()
      .then((r) => ({ rows: r }));
    expect(rows.map((r) => r.version)).toContain('0001_app_instance');
    const { sql } = await import('kysely');
    const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'system.ping'`.execute(
      t.database.db,
    );
    expect(jobs.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 with the reason when the database is gone', async () => {
    const broken = await createTestApp();
    await eventually(async () => (await broken.app.inject({ url: '/api/health' })).statusCode === 200);
    // Closing the connection under a running app is what an outage looks like from inside.
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    // Anyone's answer: which part, never the reason (the operator's answer names it, decision 057).
    expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    expect(res.body).not.toContain('unreachable');
    expect(res.json().database).toEqual({ ok: false });
    broken.loggedErrors.length = 0;
    await broken.app.close().catch(() => {});
  });
});
