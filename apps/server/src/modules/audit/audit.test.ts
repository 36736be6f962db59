import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signIn, signUpVerifiedUser } from '../../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerifiedUser(t);
  other = await signUpVerifiedUser(t);
}, 120_000);
afterAll(() => t.close());

const list = (token: string, query = '') =>
  t.app.inject({ url: `/api/v1/audit-events${query}`, headers: bearer(token) });
const rename = (token: string, name: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/organisation', headers: bearer(token), payload: { name } });
type Line = {
  id: string;
  action: string;
  area: string;
  created_at: string;
  actor: { email: string } | null;
  detail: Record<string, unknown>;
};

describe(`audit log (${TEST_DB})`, () => {
  it('records password sign-ins, and failed ones for an existing account', async () => {
    const ip = randomIp();
    await signIn(t, owner.email, owner.password, ip);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email: owner.email, password: 'not-the-password' },
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(400);
    const failed = await eventually(async () => {
      const res = await list(owner.accessToken, '?action=auth.sign_in_failed');
      return (res.json().data as Line[]).length > 0 && (res.json().data as Line[]);
    });
    expect(failed[0]).toMatchObject({ area: 'auth', actor: { email: owner.email }, detail: { ip } });
    const signIns = (await list(owner.accessToken, '?action=auth.signed_in')).json().data as Line[];
    // One at sign-up's end (the factory signs in), one just now.
    expect(signIns.length).toBeGreaterThanOrEqual(2);
    expect(signIns[0]).toMatchObject({ actor: { email: owner.email }, detail: { ip, method: 'password' } });
  });

  it('records sandbox top-ups with the amount, once per idempotency key', async () => {
    const user = await signUpVerifiedUser(t);
    const topUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/balance/sandbox-topup',
        headers: { ...bearer(user.accessToken), 'idempotency-key': 'top-up-audit-1' },
        payload: { amount: 250.5 },
      });
    expect((await topUp()).statusCode).toBe(200);
    expect((await topUp()).statusCode).toBe(200);
    const lines = (await list(user.accessToken, '?action=balance.topped_up')).json().data as Line[];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      area: 'balance',
      actor: { email: user.email },
      detail: { amount_minor: 25_050, currency: 'USD', sandbox: true },
    });
  });

  it('lists newest first with filters by action, area, actor and time, paged by a signed cursor', async () => {
    for (const name of ['One', 'Two', 'Three']) expect((await rename(owner.accessToken, name)).statusCode).toBe(200);
    const all = (await list(owner.accessToken, '?area=organisation')).json();
    const names = (all.data as Line[]).map((l) => (l.detail.changes as { name: { after: string } }).name.after);
    expect(names).toEqual(['Three', 'Two', 'One']);
    const times = (all.data as Line[]).map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const page1 = (await list(owner.accessToken, '?area=organisation&limit=2')).json();
    expect(page1.data).toHaveLength(2);
    expect(page1.has_more).toBe(true);
    const page2 = (await list(owner.accessToken, `?area=organisation&limit=2&cursor=${page1.next_cursor}`)).json();
    expect((page2.data as Line[]).map((l) => l.id)).toEqual([(all.data as Line[])[2]?.id]);
    expect(page2.has_more).toBe(false);

    const byActor = (
      await list(owner.accessToken, `?actor_email=${encodeURIComponent(owner.email.toUpperCase())}`)
    ).json();
    expect((byActor.data as Line[]).every((l) => l.actor?.email === owner.email)).toBe(true);
    expect((await list(owner.accessToken, `?actor_id=${owner.user.id}&area=organisation`)).json().data).toHaveLength(3);
    expect((await list(owner.accessToken, `?actor_id=${other.user.id}`)).json().data).toHaveLength(0);

    const middle = (all.data as Line[])[1]?.created_at as string;
    const after = (await list(owner.accessToken, `?area=organisation&created_after=${middle}`)).json().data as Line[];
    expect(after.every((l) => l.created_at > middle)).toBe(true);
    const before = (await list(owner.accessToken, `?area=organisation&created_before=${middle}`)).json().data as Line[];
    expect(before.every((l) => l.created_at < middle)).toBe(true);
    expect(after.length + before.length).toBe(2);
  });

  it('shows nothing of another organisation', async () => {
    await rename(other.accessToken, 'Other Co');
    const mine = (await list(owner.accessToken)).json().data as Line[];
    const theirs = (await list(other.accessToken)).json().data as Line[];
    const ids = new Set(mine.map((l) => l.id));
    expect(theirs.some((l) => ids.has(l.id))).toBe(false);
    expect(mine.some((l) => l.actor?.email === other.email)).toBe(false);
  });

  it.each([
    ['?action=organisation.deleted', 'query.action'],
    ['?area=payroll', 'query.area'],
    ['?actor_id=not-a-uuid', 'query.actor_id'],
    ['?actor_email=nobody', 'query.actor_email'],
    ['?created_after=yesterday', 'query.created_after'],
    ['?created_after=2026-02-01T00:00:00Z&created_before=2026-01-01T00:00:00Z', 'query.created_before'],
    ['?limit=0', 'query.limit'],
    ['?area=auth%00', 'query.area'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await list(owner.accessToken, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('refuses forged and foreign cursors', async () => {
    const page = (await list(owner.accessToken, '?limit=1')).json();
    const cursor = page.next_cursor as string;
    const [, mac] = cursor.split('.');
    const forged = Buffer.from(
      JSON.stringify(['2099-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    const eventsCursor = t.app.cursors.encode('events', [
      '2026-01-01T00:00:00.000Z',
      '00000000-0000-4000-8000-000000000000',
    ]);
    for (const bad of [`${forged}.${mac}`, cursor.slice(0, -2), eventsCursor, 'garbage']) {
      const res = await list(owner.accessToken, `?limit=1&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().details[0].path).toBe('query.cursor');
    }
  });

  it('is for owners and admins only', async () => {
    const member = await signUpVerifiedUser(t);
    await t.app.db.updateTable('memberships').set({ role: 'sender' }).where('user_id', '=', member.user.id).execute();
    for (const url of ['/api/v1/audit-events', '/api/v1/audit-events/export']) {
      const res = await t.app.inject({ url, headers: bearer(member.accessToken) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    await t.app.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', member.user.id).execute();
    expect((await list(member.accessToken)).statusCode).toBe(200);
  });

  it('exports the filtered lines as CSV, spreadsheet formulas defused', async () => {
    // An API key's name is the one cell a person types freely: a spreadsheet would run this one.
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
      payload: { name: '=HYPERLINK("https://evil.example")', scopes: 'full' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const res = await t.app.inject({
      url: '/api/v1/audit-events/export?area=organisation',
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="giftrelay-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['ratelimit-limit']).toBeDefined();
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,action,actor_email,actor_id,api_key,detail');
    expect(lines.slice(1).every((l) => l.includes(',organisation.updated,'))).toBe(true);
    expect(lines).toHaveLength(4);
    expect(res.body).toContain('"{""changes"":{""name"":{');

    const keys = await t.app.inject({
      url: '/api/v1/audit-events/export?action=api_key.created',
      headers: bearer(owner.accessToken),
    });
    const last4 = key.json().last_four as string;
    expect(keys.body).toContain(`"'=HYPERLINK(""https://evil.example"") (…${last4})"`);
  });

  it('counts exports against the exports budget', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_EXPORTS_PER_MINUTE: '1' } });
    try {
      const user = await signUpVerifiedUser(limited);
      const first = await limited.app.inject({ url: '/api/v1/audit-events/export', headers: bearer(user.accessToken) });
      expect(first.statusCode).toBe(200);
      const second = await limited.app.inject({
        url: '/api/v1/audit-events/export',
        headers: bearer(user.accessToken),
      });
      expect(second.statusCode).toBe(429);
      expect(second.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe(`audit log is append-only (${TEST_DB})`, () => {
  it('refuses UPDATE, DELETE and TRUNCATE of its lines', async () => {
    const line = await t.app.db
      .selectFrom('audit_events')
      .select('id')
      .where('organisation_id', '=', owner.organisationId)
      .executeTakeFirstOrThrow();
    await expect(
      sql`UPDATE audit_events SET detail = '{"forged":true}' WHERE id = ${line.id}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`UPDATE audit_events SET actor_user_id = NULL WHERE id = ${line.id}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_events WHERE id = ${line.id}`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_events`.execute(t.app.db)).rejects.toThrow(/append-only/);
  });

  it('housekeeping deletes lines past 400 days and keeps anything younger; the trigger allows only past a year', async () => {
    const insertAged = async (days: number) =>
      (
        await sql<{ id: string }>`
          INSERT INTO audit_events (organisation_id, action, detail, created_at)
          VALUES (${owner.organisationId}, 'organisation.updated', '{}', now() - make_interval(days => ${days}))
          RETURNING id`.execute(t.app.db)
      ).rows[0]?.id as string;
    const ancient = await insertAged(401);
    const kept = await insertAged(380);
    const young = await insertAged(200);
    await t.app.housekeeping.run({ sweep: true });
    const left = await t.app.db
      .selectFrom('audit_events')
      .select('id')
      .where('id', 'in', [ancient, kept, young])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([kept, young].sort());
    // Older than a year may go by hand too (the trigger's floor); younger may not.
    await sql`DELETE FROM audit_events WHERE id = ${kept}`.execute(t.app.db);
    await expect(sql`DELETE FROM audit_events WHERE id = ${young}`.execute(t.app.db)).rejects.toThrow(/append-only/);
  });
});
