import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { balanceOf, pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

// Idempotency-Key on the POSTs besides orders that create or send something: the sandbox top-up
// and the resend of an order's email. Same semantics as on orders (see orders.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const topUp = (user: SignedUpUser, amount: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/balance/sandbox-topup',
    headers: { ...bearer(user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });

const resend = (user: SignedUpUser, orderId: string, payload: object | undefined, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/resend`,
    headers: { ...bearer(user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

async function topUpEntries(organisationId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_entries
    WHERE organisation_id = ${organisationId} AND description = 'Sandbox top-up'`.execute(t.database.db);
  return rows[0]?.n ?? 0;
}

async function resentEvents(orderId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM order_events WHERE order_id = ${orderId} AND type = 'email.resent'`.execute(
    t.database.db,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Runs `during` while another connection holds the advisory lock that marks an execution with
 * this key in progress (PostgreSQL only: PGlite has one connection).
 */
async function whileKeyInUse<T>(organisationId: string, key: string, during: () => Promise<T>): Promise<T> {
  return t.database.db.connection().execute(async (c) => {
    const lockKey = sql`hashtextextended(${organisationId}::text || ':' || ${key}::text, 0)`;
    await sql`SELECT pg_advisory_lock(${lockKey})`.execute(c);
    try {
      return await during();
    } finally {
      await sql`SELECT pg_advisory_unlock(${lockKey})`.execute(c);
    }
  });
}

describe(`Idempotency-Key on POST /balance/sandbox-topup (${TEST_DB})`, () => {
  it('the same key and body: one top-up, and retries get the first answer byte for byte', async () => {
    const user = await signUpVerifiedUser(t);
    const first = await topUp(user, 250, 'topup-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, available: 5250 });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Money moves in between: a replay still answers the balance right after the first top-up.
    expect((await topUp(user, 10)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replay = await topUp(user, 250, 'topup-1');
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await topUpEntries(user.organisationId)).toBe(2);
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5260 });
  });

  it('the same key with another body: 422 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const user = await signUpVerifiedUser(t);
    expect((await topUp(user, 100, 'topup-2')).statusCode).toBe(200);
    const res = await topUp(user, 200, 'topup-2');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await topUpEntries(user.organisationId)).toBe(1);
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5100 });
  });

  it('a key used for an order is not a key for a top-up', async () => {
    const user = await signUpVerifiedUser(t);
    const product = await pickProduct(t);
    const order = await postOrder(
      t,
      user.accessToken,
      { product_code: product.code, amount: Math.max(25, product.minValue), email: recipient(), quantity: 1 },
      'shared-between-routes',
    );
    expect(order.statusCode).toBe(201);
    const res = await topUp(user, 100, 'shared-between-routes');
    expect(res.statusCode).toBe(422);
    expect(await topUpEntries(user.organisationId)).toBe(0);
  });

  it('20 simultaneous top-ups with one key: one top-up, the rest replay it or get 409', async () => {
    const user = await signUpVerifiedUser(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => topUp(user, 75, 'topup-burst')));
    const ok = answers.filter((a) => a.statusCode === 200);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(ok.map((a) => a.body)).size).toBe(1);
    for (const b of busy) expect(b.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await topUpEntries(user.organisationId)).toBe(1);
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5075 });
  });

  it.runIf(TEST_DB === 'postgres')(
    'while another execution holds the key: 409 IDEMPOTENCY_KEY_IN_USE with Retry-After, nothing written; then it runs',
    async () => {
      const user = await signUpVerifiedUser(t);
      const busy = await whileKeyInUse(user.organisationId, 'topup-held', () => topUp(user, 40, 'topup-held'));
      expect(busy.statusCode).toBe(409);
      expect(busy.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(busy.headers['retry-after']).toBe('1');
      expect(await topUpEntries(user.organisationId)).toBe(0);
      const after = await topUp(user, 40, 'topup-held');
      expect(after.statusCode).toBe(200);
      expect(await topUpEntries(user.organisationId)).toBe(1);
    },
  );
});

describe(`Idempotency-Key on POST /orders/{id}/resend (${TEST_DB})`, () => {
  let user: SignedUpUser;
  let orderId: string;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
    const product = await pickProduct(t);
    const res = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: Math.max(25, product.minValue),
      email: recipient(),
      quantity: 1,
    });
    orderId = res.json().order_id;
    expect((await settledOrder(t, user.accessToken, orderId)).status).toBe('completed');
  });

  it('the same key and body: one email, and retries get the first answer byte for byte', async () => {
    const before = await resentEvents(orderId);
    const to = recipient();
    const first = await resend(user, orderId, { email: to }, 'resend-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, order_id: orderId, recipient_email: to, recipient_phone: null });
    for (let i = 0; i < 3; i++) {
      const replay = await resend(user, orderId, { email: to }, 'resend-1');
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await resentEvents(orderId)).toBe(before + 1);
  });

  it('the same key with another address, or for another order: 422, nothing sent or changed', async () => {
    const to = recipient();
    expect((await resend(user, orderId, { email: to }, 'resend-2')).statusCode).toBe(200);
    const before = await resentEvents(orderId);
    const other = await resend(user, orderId, { email: recipient() }, 'resend-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await resentEvents(orderId)).toBe(before);
    const detail = await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(user.accessToken) });
    expect(detail.json().recipient_email).toBe(to);
  });

  it('an unknown order with a key: 404, and the same 404 on retry', async () => {
    const unknown = '5b0f3c7e-1d2a-4c3b-9a8e-7f6d5c4b3a21';
    const first = await resend(user, unknown, undefined, 'resend-unknown');
    expect(first.statusCode).toBe(404);
    const again = await resend(user, unknown, undefined, 'resend-unknown');
    expect(again.statusCode).toBe(404);
    // The replay repeats the stored answer; only the request_id names the replaying request.
    expect(first.json().request_id).toBe(first.headers['x-request-id']);
    expect(again.json().request_id).toBe(again.headers['x-request-id']);
    const { request_id: _firstId, ...firstBody } = first.json();
    const { request_id: _againId, ...againBody } = again.json();
    expect(againBody).toEqual(firstBody);
    expect(firstBody).toEqual({ success: false, error: 'Order not found', code: 'NOT_FOUND' });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it.runIf(TEST_DB === 'postgres')(
    'while another execution holds the key: 409 IDEMPOTENCY_KEY_IN_USE, nothing sent; then it runs',
    async () => {
      const before = await resentEvents(orderId);
      const busy = await whileKeyInUse(user.organisationId, 'resend-held', () =>
        resend(user, orderId, undefined, 'resend-held'),
      );
      expect(busy.statusCode).toBe(409);
      expect(busy.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(await resentEvents(orderId)).toBe(before);
      const after = await resend(user, orderId, undefined, 'resend-held');
      expect(after.statusCode).toBe(200);
      expect(await resentEvents(orderId)).toBe(before + 1);
    },
  );
});
