import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signIn, signUpVerifiedUser } from '../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../test/helpers';
import { upkeepTable } from '../db/maintenance';

// The housekeeping timer runs in these apps too (their workers are on), so every test states what
// the tables hold after a round, whichever round did the work.

async function tableStats(t: TestApp, table: string) {
  const { rows } = await sql<{ dead: string; vacuumed: boolean }>`
    SELECT n_dead_tup::text AS dead, last_vacuum IS NOT NULL AS vacuumed
    FROM pg_stat_user_tables WHERE schemaname = 'public' AND relname = ${table}`.execute(t.database.db);
  return { dead: Number(rows[0]?.dead ?? 0), vacuumed: rows[0]?.vacuumed === true };
}

/** Leaves `n` dead rows in idempotency_keys, and makes sure the statistics have heard of them. */
async function churnIdempotencyKeys(t: TestApp, n: number) {
  await t.database.db.connection().execute(async (conn) => {
    await sql`
      INSERT INTO idempotency_keys (organisation_id, key, request_hash, response_status, response_body, expires_at)
      SELECT gen_random_uuid(), 'churn-' || g, 'h', 201, '{}', now() + interval '1 day'
      FROM generate_series(1, ${n}) g`.execute(conn);
    await sql`DELETE FROM idempotency_keys WHERE key LIKE 'churn-%'`.execute(conn);
    await sql`SELECT pg_stat_force_next_flush()`.execute(conn);
  });
  await eventually(async () => (await tableStats(t, 'idempotency_keys')).dead >= n);
}

describe(`expired rows are swept (${TEST_DB})`, () => {
  let t: TestApp;
  let user: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { SELF_VACUUM: 'off' } });
    user = await signUpVerifiedUser(t);
  });
  afterAll(() => t.close());

  it('deletes what can no longer be used and keeps everything that can', async () => {
    const org = user.organisationId;
    // Idempotency keys: one expired, one still within its time.
    await sql`
      INSERT INTO idempotency_keys (organisation_id, key, request_hash, response_status, response_body, expires_at)
      VALUES (${org}, 'expired', 'h', 201, '{}', now() - interval '1 hour'),
             (${org}, 'live', 'h', 201, '{}', now() + interval '1 day')`.execute(t.database.db);
    // Sessions: one long expired, one expired 29 days ago, and the one the test signs in with.
    const longExpired = await signIn(t, user.email, user.password);
    const recentlyExpired = await signIn(t, user.email, user.password);
    const sessionId = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid as string;
    await sql`UPDATE auth_sessions SET expires_at = now() - interval '31 days'
              WHERE id = ${sessionId(longExpired.access_token)}`.execute(t.database.db);
    await sql`UPDATE auth_sessions SET expires_at = now() - interval '29 days'
              WHERE id = ${sessionId(recentlyExpired.access_token)}`.execute(t.database.db);
    // Emailed links: the used verification link, long expired, and a reset link expired yesterday.
    await sql`UPDATE auth_email_tokens SET expires_at = now() - interval '31 days'
              WHERE user_id = ${user.user.id}`.execute(t.database.db);
    await sql`
      INSERT INTO auth_email_tokens (user_id, purpose, token_hash, expires_at)
      VALUES (${user.user.id}, 'reset_password', decode(md5(random()::text), 'hex'), now() - interval '1 day')`.execute(
      t.database.db,
    );
    // Two-factor sign-in steps: one expired two days ago (swept), one expired a minute ago (kept a day).
    await sql`
      INSERT INTO auth_two_factor_challenges (user_id, token_hash, expires_at) VALUES
        (${user.user.id}, decode(md5(random()::text), 'hex'), now() - interval '2 days'),
        (${user.user.id}, decode(md5(random()::text), 'hex'), now() - interval '1 minute')`.execute(t.database.db);
    // FX quotes: one expired two days ago (swept), one expired a minute ago (kept a day).
    await sql`
      INSERT INTO fx_quotes (organisation_id, from_currency, to_currency, rate, source, created_at, expires_at) VALUES
        (${org}, 'GBP', 'USD', 1.27, 'test', now() - interval '2 days', now() - interval '2 days' + interval '60 seconds'),
        (${org}, 'EUR', 'USD', 1.08, 'test', now() - interval '2 minutes', now() - interval '1 minute')`.execute(
      t.database.db,
    );

    const report = await t.app.housekeeping.run({ sweep: true });
    expect(report.swept).toBeDefined();
    expect(report.tables).toEqual([]);

    const keys = await t.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('organisation_id', '=', org)
      .orderBy('key')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['live']);

    const sessions = await t.database.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    const ids = sessions.map((s) => s.id);
    expect(ids).not.toContain(sessionId(longExpired.access_token));
    expect(ids).toContain(sessionId(recentlyExpired.access_token));
    expect(ids).toContain(sessionId(user.accessToken));
    // The swept session's refresh tokens went with it.
    const orphans = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM auth_refresh_tokens WHERE session_id = ${sessionId(longExpired.access_token)}`.execute(
      t.database.db,
    );
    expect(orphans.rows[0]?.n).toBe('0');

    const links = await t.database.db
      .selectFrom('auth_email_tokens')
      .select('purpose')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(links.map((l) => l.purpose)).toEqual(['reset_password']);
    const challenges = await sql<{ recent: boolean }>`
      SELECT expires_at > now() - interval '1 hour' AS recent FROM auth_two_factor_challenges
      WHERE user_id = ${user.user.id}`.execute(t.database.db);
    expect(challenges.rows).toEqual([{ recent: true }]);
    const quotes = await t.database.db
      .selectFrom('fx_quotes')
      .select('from_currency')
      .where('organisation_id', '=', org)
      .execute();
    expect(quotes).toEqual([{ from_currency: 'EUR' }]);

    // Through HTTP: the live session still works; the swept one's refresh token opens nothing.
    const balance = await t.app.inject({ url: '/api/v1/balance', headers: bearer(user.accessToken) });
    expect(balance.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      payload: { refresh_token: longExpired.refresh_token },
      remoteAddress: randomIp(),
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('leaves vacuuming alone when told to (SELF_VACUUM=off)', async () => {
    expect(t.app.housekeeping.selfVacuum).toBe(false);
    await churnIdempotencyKeys(t, 1500);
    const report = await t.app.housekeeping.run();
    expect(report).toEqual({ tables: [] });
    expect((await tableStats(t, 'idempotency_keys')).vacuumed).toBe(false);
  });
});

describe(`the workers vacuum when the database does not (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers, so no timer: only the rounds these tests run.
    t = await createTestApp({ env: { SELF_VACUUM: 'on', WORKERS: 'off' } });
  });
  afterAll(() => t.close());

  it('vacuums a table its churn left full of dead rows', async () => {
    expect(t.app.housekeeping.selfVacuum).toBe(true);
    await churnIdempotencyKeys(t, 3000);
    const report = await t.app.housekeeping.run();
    expect(report.tables).toContainEqual(
      expect.objectContaining({ table: 'public.idempotency_keys', action: 'vacuum' }),
    );
    const after = await tableStats(t, 'idempotency_keys');
    expect(after.vacuumed).toBe(true);
    expect(after.dead).toBeLessThan(1000);
  });

  it.runIf(TEST_DB === 'postgres')('does not vacuum again and again what an old snapshot keeps', async () => {
    // A transaction that started before the churn keeps its dead rows from being removed.
    await t.database.db.connection().execute(async (holder) => {
      await sql`BEGIN ISOLATION LEVEL REPEATABLE READ`.execute(holder);
      try {
        await sql`SELECT count(*) FROM idempotency_keys`.execute(holder);
        await churnIdempotencyKeys(t, 3000);
        const first = await t.app.housekeeping.run();
        expect(first.tables.map((x) => x.table)).toContain('public.idempotency_keys');
        expect((await tableStats(t, 'idempotency_keys')).dead).toBeGreaterThanOrEqual(3000);
        const second = await t.app.housekeeping.run();
        expect(second.tables.map((x) => x.table)).not.toContain('public.idempotency_keys');
      } finally {
        await sql`ROLLBACK`.execute(holder);
      }
    });
    // Once the snapshot is gone, more churn makes it due again, and the vacuum removes it all.
    await churnIdempotencyKeys(t, 1500);
    const third = await t.app.housekeeping.run();
    expect(third.tables.map((x) => x.table)).toContain('public.idempotency_keys');
    expect((await tableStats(t, 'idempotency_keys')).dead).toBeLessThan(1000);
  });

  it('by default, vacuums exactly when the database has no autovacuum', async () => {
    const auto = await createTestApp();
    try {
      const { rows } = await sql<{ on: string }>`SELECT current_setting('autovacuum') AS on`.execute(auto.database.db);
      const autovacuum = TEST_DB === 'postgres' && rows[0]?.on === 'on';
      expect(auto.app.housekeeping.selfVacuum).toBe(!autovacuum);
    } finally {
      await auto.close();
    }
  });

  it.runIf(TEST_DB === 'postgres')('leaves a table to the process already working on one', async () => {
    const table = { table: 'public.idempotency_keys', action: 'analyze' as const, dead: 0, live: 0 };
    await t.database.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(4247019332)`.execute(conn);
      try {
        expect(await upkeepTable(t.database, table)).toBe(false);
      } finally {
        await sql`SELECT pg_advisory_unlock(4247019332)`.execute(conn);
      }
    });
    expect(await upkeepTable(t.database, table)).toBe(true);
  });
});
