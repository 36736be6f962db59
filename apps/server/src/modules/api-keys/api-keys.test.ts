import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { joinAs } from '../../../test/factories/members';
import { type ProductPick, pickProduct, postOrder, recipient } from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
let product: ProductPick;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  product = await pickProduct(t);
  owner = await signUpVerifiedUser(t);
  other = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

const createKey = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: bearer(token), payload: payload as object });
const newKey = async (token: string, payload: Record<string, unknown> = {}) => {
  const res = await createKey(token, { name: 'Payroll sync', scopes: 'full', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; last_four: string; scopes: string[] };
};
const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const revoke = (id: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, headers: bearer(token) });
const order = (token: string) =>
  postOrder(t, token, { product_code: product.code, amount: 25, email: recipient(), quantity: 1 });

describe(`API keys (${TEST_DB})`, () => {
  it('creates a key shown once, lists it without the key, keeps only its hash, and audits creation', async () => {
    const res = await createKey(owner.accessToken, { name: '  CRM export ', scopes: ['orders:read', 'balance:read'] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      success: true,
      name: 'CRM export',
      mode: 'test',
      prefix: 'gr_test_',
      scopes: ['orders:read', 'balance:read'],
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
      created_by: { id: owner.user.id, email: owner.email },
    });
    expect(created.key).toMatch(/^gr_test_[A-Za-z0-9_-]{43}$/);
    expect(created.last_four).toBe(created.key.slice(-4));

    const list = await get('/api/v1/api-keys', owner.accessToken);
    expect(list.statusCode).toBe(200);
    const listed = list.json();
    expect(listed).toMatchObject({ success: true, has_more: false, next_cursor: null });
    expect(listed.data.map((k: { id: string }) => k.id)).toContain(created.id);
    expect(list.body).not.toContain(created.key);
    expect(listed.data.find((k: { id: string }) => k.id === created.id)).not.toHaveProperty('key');

    const rows = await t.app.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(8));
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('api_key_id', '=', created.id)
      .execute();
    expect(audit).toEqual([{ action: 'api_key.created', actor_user_id: owner.user.id }]);
  });

  it('a key works on the routes its scopes allow, records its use, and places orders for its organisation', async () => {
    const { key, id } = await newKey(owner.accessToken);
    const balance = await get('/api/v1/balance', key);
    expect(balance.statusCode, balance.body).toBe(200);
    expect((await get('/api/v1/products?limit=1', key)).statusCode).toBe(200);
    const placed = await order(key);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order_id as string;
    const read = await get(`/api/v1/orders/${orderId}`, key);
    expect(read.statusCode).toBe(200);
    // The session of the key's organisation sees the order; created by the key's creator.
    expect((await get(`/api/v1/orders/${orderId}`, owner.accessToken)).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('orders')
      .select(['organisation_id', 'created_by'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    expect(row).toEqual({ organisation_id: owner.organisationId, created_by: owner.user.id });
    expect(balance.headers['ratelimit-limit']).toBeDefined();

    const used = await eventually(async () => {
      const k = await t.app.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirst();
      return k?.last_used_at ?? undefined;
    });
    expect(used).toBeInstanceOf(Date);
    const uses = await eventually(async () => {
      const events = await t.app.db
        .selectFrom('audit_events')
        .select('action')
        .where('api_key_id', '=', id)
        .where('action', '=', 'api_key.used')
        .execute();
      return events.length > 0 && events;
    });
    // Many requests, one audited use for the day.
    expect(uses).toHaveLength(1);
  });

  it('a key lacking a scope gets 403 naming it; routes for signed-in users refuse keys', async () => {
    const { key } = await newKey(owner.accessToken, { scopes: 'read_only' });
    const refused = await order(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('orders:write') });
    const { key: ordersOnly } = await newKey(owner.accessToken, { scopes: ['orders:write'] });
    const noBalance = await get('/api/v1/balance', ordersOnly);
    expect(noBalance.statusCode).toBe(403);
    expect(noBalance.json().error).toContain('balance:read');
    expect((await get('/api/v1/orders', ordersOnly)).json().error).toContain('orders:read');

    for (const url of ['/api/v1/auth/user', '/api/v1/api-keys']) {
      const res = await get(url, key);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('a key cannot create or revoke keys, even with every scope', async () => {
    const { key, id } = await newKey(owner.accessToken);
    const minted = await createKey(key, { name: 'Escalation', scopes: 'full' });
    expect(minted.statusCode).toBe(403);
    expect((await revoke(id, key)).statusCode).toBe(403);
    const count = await t.app.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', '=', 'Escalation')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('a revoked key is 401 at once, for reads and for orders, and revocation is audited', async () => {
    const { key, id } = await newKey(owner.accessToken);
    expect((await order(key)).statusCode).toBe(201);
    const res = await revoke(id, owner.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().revoked_at).toEqual(expect.any(String));
    for (const attempt of [await get('/api/v1/balance', key), await order(key), await get('/api/v1/orders', key)]) {
      expect(attempt.statusCode).toBe(401);
      expect(attempt.json().code).toBe('UNAUTHORIZED');
    }
    // Refused before the order statement runs (an unknown product): still 401, checked apart.
    const refusedEarly = await postOrder(t, key, {
      product_code: 'NO-SUCH-CARD',
      amount: 25,
      email: recipient(),
      quantity: 1,
    });
    expect(refusedEarly.statusCode).toBe(401);
    // Revoking again answers the revoked key and audits nothing more.
    expect((await revoke(id, owner.accessToken)).statusCode).toBe(200);
    const audit = await t.app.db
      .selectFrom('audit_events')
      .select('action')
      .where('api_key_id', '=', id)
      .where('action', '=', 'api_key.revoked')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('an expired key is 401', async () => {
    const { key, id } = await newKey(owner.accessToken, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await get('/api/v1/balance', key)).statusCode).toBe(200);
    expect((await order(key)).statusCode).toBe(201);
    await t.app.db
      .updateTable('api_keys')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect((await get('/api/v1/balance', key)).statusCode).toBe(401);
    expect((await order(key)).statusCode).toBe(401);
  });

  it('keeps organisations apart: a key sees only its own, another organisation cannot list or revoke it', async () => {
    const mine = await newKey(owner.accessToken);
    const placed = await order(mine.key);
    const orderId = placed.json().order_id as string;
    const theirs = await newKey(other.accessToken);
    expect((await get(`/api/v1/orders/${orderId}`, theirs.key)).statusCode).toBe(404);
    const theirList = (await get('/api/v1/orders', theirs.key)).json();
    expect(theirList.data.map((o: { order_id: string }) => o.order_id)).not.toContain(orderId);
    expect((await revoke(mine.id, other.accessToken)).statusCode).toBe(404);
    const keys = (await get('/api/v1/api-keys', other.accessToken)).json();
    expect(keys.data.map((k: { id: string }) => k.id)).not.toContain(mine.id);
    expect((await get('/api/v1/balance', mine.key)).statusCode).toBe(200);
  });

  it('refuses hostile input with 400 and malformed bearer values with 401, never 500', async () => {
    const bad: unknown[] = [
      { name: 'a\u0000b', scopes: 'full' },
      { name: 'x'.repeat(101), scopes: 'full' },
      { name: 'x'.repeat(100_000), scopes: 'full' },
      { name: '', scopes: 'full' },
      { name: '\ud800', scopes: 'full' },
      { name: 'ok', scopes: ['orders:delete'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: 'admin' },
      { name: 'ok', scopes: 'full', expires_at: 'tomorrow' },
      { name: 'ok', scopes: 'full', expires_at: '2001-01-01T00:00:00Z' },
      { name: 'ok', scopes: 'full', expires_at: '2999-01-01T00:00:00Z' },
      { name: 42, scopes: 'full' },
      { scopes: 'full' },
    ];
    for (const payload of bad) {
      const res = await createKey(owner.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const { key } = await newKey(owner.accessToken);
    const malformed = [
      'gr_test_',
      'gr_test_short',
      `${key}x`,
      key.replace('gr_test_', 'gr_live_'),
      `gr_test_${'A'.repeat(43)}`,
      `gr_test_${'é'.repeat(43)}`,
      `gr_${'x'.repeat(5000)}`,
      'gr_',
    ];
    for (const value of malformed) {
      for (const res of [await get('/api/v1/balance', value), await order(value)]) {
        expect(res.statusCode, value.slice(0, 20)).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
    for (const header of [`Bearer ${key} extra`, `Basic ${key}`, key, 'Bearer', `Bearer\u0000${key}`]) {
      const res = await t.app.inject({ url: '/api/v1/balance', headers: { authorization: header } });
      expect(res.statusCode, header.slice(0, 20)).toBe(401);
    }
    expect((await revoke('not-a-uuid', owner.accessToken)).statusCode).toBe(400);
    expect((await get('/api/v1/api-keys?cursor=forged.cursor', owner.accessToken)).statusCode).toBe(400);
  });

  it('reads events with orders:read and manages webhook endpoints with webhooks:write, and not without', async () => {
    const reader = await newKey(owner.accessToken, { scopes: ['orders:read'] });
    const hooks = await newKey(owner.accessToken, { scopes: ['webhooks:write'] });
    const events = await get('/api/v1/events', reader.key);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json()).toMatchObject({ success: true, data: expect.any(Array) });
    const endpoints = await get('/api/v1/webhook-endpoints', hooks.key);
    expect(endpoints.statusCode, endpoints.body).toBe(200);

    const noHooks = await get('/api/v1/webhook-endpoints', reader.key);
    expect(noHooks.statusCode).toBe(403);
    expect(noHooks.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('webhooks:write') });
    const noEvents = await get('/api/v1/events', hooks.key);
    expect(noEvents.statusCode).toBe(403);
    expect(noEvents.json().error).toContain('orders:read');
  });

  it('pages the list with a cursor', async () => {
    const user = await signUpVerifiedUser(t);
    for (const name of ['one', 'two', 'three']) await newKey(user.accessToken, { name });
    const first = (await get('/api/v1/api-keys?limit=2', user.accessToken)).json();
    expect(first.data.map((k: { name: string }) => k.name)).toEqual(['three', 'two']);
    expect(first.has_more).toBe(true);
    const second = (await get(`/api/v1/api-keys?limit=2&cursor=${first.next_cursor}`, user.accessToken)).json();
    expect(second.data.map((k: { name: string }) => k.name)).toEqual(['one']);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
  });
});

describe(`a removed member's API keys (${TEST_DB})`, () => {
  const removeMember = (userId: string, query = '') =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/members/${userId}${query}`, headers: bearer(owner.accessToken) });
  const listed = async (id: string) =>
    (
      (await get('/api/v1/api-keys?limit=100', owner.accessToken)).json().data as {
        id: string;
        creator_left: boolean;
      }[]
    ).find((k) => k.id === id);
  const activeKeysOf = async (userId: string) =>
    (
      (await get('/api/v1/members', owner.accessToken)).json().data as { user_id: string; active_api_keys: number }[]
    ).find((m) => m.user_id === userId)?.active_api_keys;

  it('are revoked with the member by default: the key is refused at once, the answer and the audit say so', async () => {
    const admin = await joinAs(t, owner, 'admin');
    const key = await newKey(admin.accessToken);
    const revokedBefore = await newKey(admin.accessToken);
    expect((await revoke(revokedBefore.id, admin.accessToken)).statusCode).toBe(200);
    expect(await activeKeysOf(admin.user.id)).toBe(1);
    expect((await get('/api/v1/balance', key.key)).statusCode).toBe(200);

    const res = await removeMember(admin.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Member removed', api_keys_revoked: 1 });
    expect((await get('/api/v1/balance', key.key)).statusCode).toBe(401);
    expect((await order(key.key)).statusCode).toBe(401);
    const audit = (await get('/api/v1/audit-events?action=api_key.revoked', owner.accessToken)).json().data as {
      api_key: { id: string } | null;
      detail: Record<string, unknown>;
    }[];
    expect(audit.find((l) => l.api_key?.id === key.id)?.detail).toEqual({
      reason: 'creator_removed',
      user_id: admin.user.id,
    });
  });

  it('with revoke_api_keys=false keep working, and the list flags them as their creator left', async () => {
    const admin = await joinAs(t, owner, 'admin');
    const kept = await newKey(admin.accessToken);
    const ownersKey = await newKey(owner.accessToken);
    expect((await listed(kept.id))?.creator_left).toBe(false);

    const res = await removeMember(admin.user.id, '?revoke_api_keys=false');
    expect(res.json()).toMatchObject({ success: true, api_keys_revoked: 0 });
    expect((await get('/api/v1/balance', kept.key)).statusCode).toBe(200);
    expect((await listed(kept.id))?.creator_left).toBe(true);
    expect((await listed(ownersKey.id))?.creator_left).toBe(false);
    expect((await removeMember(admin.user.id, '?revoke_api_keys=maybe')).statusCode).toBe(400);
  });
});
