import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import {
  balanceOf,
  type ProductPick,
  pickProduct,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
let product: ProductPick;
beforeAll(async () => {
  t = await createTestApp({ env: { FULFILMENT_MAX_ATTEMPTS: '2', FULFILMENT_RETRY_DELAY_SECONDS: '1' } });
  product = await pickProduct(t);
});
afterAll(() => t.close());

interface EventBody {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

const topUp = (token: string, amount: number | string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/balance/sandbox-topup', headers: bearer(token), payload: { amount } });

async function events(
  token: string,
  query = '',
): Promise<{ data: EventBody[]; has_more: boolean; next_cursor: string | null }> {
  const res = await t.app.inject({ url: `/api/v1/events${query}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`events: ${res.statusCode} ${res.body}`);
  return res.json();
}

const eventRows = async (organisationId: string) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE organisation_id = ${organisationId}`.execute(
      t.database.db,
    )
  ).rows[0]?.n;

describe(`events (${TEST_DB})`, () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
  });

  it('a new organisation has none; the list has the standard envelope', async () => {
    expect(await events(user.accessToken)).toEqual({ success: true, data: [], has_more: false, next_cursor: null });
  });

  it('a sandbox top-up writes balance.funded with the amount and the balance after it', async () => {
    expect((await topUp(user.accessToken, '12.50')).statusCode).toBe(200);
    const { data } = await events(user.accessToken);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      type: 'balance.funded',
      data: {
        amount: 12.5,
        amount_minor: 1250,
        currency: 'USD',
        balance: { currency: 'USD', available_minor: 501_250, held_minor: 0, sandbox: true },
      },
    });
    const one = await t.app.inject({ url: `/api/v1/events/${data[0]?.id}`, headers: bearer(user.accessToken) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, event: data[0] });
  });

  it('an order writes order.created with the order, then order.completed; the newest comes first', async () => {
    const res = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: Math.max(25, product.minValue),
      email: recipient(),
      quantity: 1,
    });
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order_id;
    expect((await settledOrder(t, user.accessToken, orderId)).status).toBe('completed');
    // reward.delivered follows the completion once the email is accepted (lifecycle-events.test.ts).
    const data = (await events(user.accessToken)).data.filter((e) => !e.type.startsWith('reward.'));
    expect(data.map((e) => e.type)).toEqual(['order.completed', 'order.created', 'balance.funded']);
    const [completed, created] = data as [EventBody, EventBody];
    expect(created.data).toMatchObject({ order: { order_id: orderId, status: 'pending' } });
    expect(completed.data).toMatchObject({ order: { order_id: orderId, status: 'completed' } });
    expect(created.created_at).toBe(res.json().created_at);
    expect(Date.parse(completed.created_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
  });

  it('an order the provider refuses writes order.failed with the reason', async () => {
    await sandboxOf(t).injectFailures({ kind: 'declined', times: 1, productCode: product.code });
    const res = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: Math.max(25, product.minValue),
      email: recipient(),
      quantity: 1,
    });
    const orderId = res.json().order_id;
    expect((await settledOrder(t, user.accessToken, orderId)).status).toBe('failed');
    const { data } = await events(user.accessToken, '?type=order.failed');
    expect(data).toHaveLength(1);
    expect(data[0]?.data).toMatchObject({
      order: { order_id: orderId, status: 'failed' },
      reason: 'The gift-card provider declined the order',
    });
  });

  it('filters by type and time, and pages with signed cursors without losing or repeating one', async () => {
    const other = await signUpVerifiedUser(t);
    for (let i = 1; i <= 5; i++) expect((await topUp(other.accessToken, i)).statusCode).toBe(200);
    const all = (await events(other.accessToken)).data;
    expect(all.map((e) => e.data.amount)).toEqual([5, 4, 3, 2, 1]);

    const seen: EventBody[] = [];
    let cursor: string | null = null;
    do {
      const page = await events(other.accessToken, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.has_more).toBe(page.next_cursor !== null);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);

    const [fifth, , third, , first] = all as EventBody[];
    const between = await events(
      other.accessToken,
      `?created_after=${first?.created_at}&created_before=${fifth?.created_at}`,
    );
    expect(between.data.map((e) => e.id)).toEqual(all.slice(1, 4).map((e) => e.id));
    expect((await events(other.accessToken, `?created_after=${third?.created_at}`)).data).toHaveLength(2);
    expect((await events(other.accessToken, '?type=order.created')).data).toEqual([]);

    const page = await events(other.accessToken, '?limit=2');
    const cursorText = page.next_cursor as string;
    const forged = `${cursorText.slice(0, -2)}${cursorText.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await t.app.inject({ url: `/api/v1/events?cursor=${forged}`, headers: bearer(other.accessToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'query.cursor' })]);
    // A cursor of another listing (the orders') is refused too.
    const ordersCursor = t.app.cursors.encode('orders', [new Date().toISOString(), all[0]?.id]);
    const foreign = await t.app.inject({
      url: `/api/v1/events?cursor=${ordersCursor}`,
      headers: bearer(other.accessToken),
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('is isolated per organisation: another one’s event is a 404 and never listed', async () => {
    const stranger = await signUpVerifiedUser(t);
    const mine = (await events(user.accessToken)).data[0] as EventBody;
    const res = await t.app.inject({ url: `/api/v1/events/${mine.id}`, headers: bearer(stranger.accessToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await events(stranger.accessToken)).data).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/events' })).statusCode).toBe(401);
  });

  it.each([
    ['?type=order.exploded', 'query.type'],
    ['?type=', 'query.type'],
    ['?created_after=yesterday', 'query.created_after'],
    ['?created_after=2026-01-01T00:00:00%00Z', 'query.created_after'],
    ['?created_after=2026-02-01T00:00:00Z&created_before=2026-01-01T00:00:00Z', 'query.created_before'],
    ['?limit=0', 'query.limit'],
    ['?limit=1e9', 'query.limit'],
    ['?cursor=%E2%80%8B', 'query.cursor'],
    ['?cursor=a%00b', 'query.cursor'],
  ])('refuses hostile query %s with 400 naming %s', async (query, path) => {
    const res = await t.app.inject({ url: `/api/v1/events${query}`, headers: bearer(user.accessToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it.each(['not-a-uuid', '%00', 'x'.repeat(200)])('refuses the event id %s with 400', async (id) => {
    const res = await t.app.inject({ url: `/api/v1/events/${id}`, headers: bearer(user.accessToken) });
    expect(res.statusCode).toBe(400);
  });
});

describe(`an event is never written for a change that rolled back (${TEST_DB})`, () => {
  it('a top-up whose transaction fails at commit leaves neither the money nor balance.funded', async () => {
    const user = await signUpVerifiedUser(t);
    const org = user.organisationId;
    // A deferred trigger that aborts this organisation's next ledger entry at COMMIT, after the
    // funding and its event were both written in the transaction.
    await sql
      .raw(`CREATE OR REPLACE FUNCTION test_abort_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: commit refused'; END $$`)
      .execute(t.database.db);
    await sql
      .raw(`
      CREATE CONSTRAINT TRIGGER test_abort_commit AFTER INSERT ON ledger_entries
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN (NEW.organisation_id = '${org}'::uuid) EXECUTE FUNCTION test_abort_commit();`)
      .execute(t.database.db);
    try {
      const res = await topUp(user.accessToken, 40);
      expect(res.statusCode).toBe(500);
      t.loggedErrors.length = 0;
    } finally {
      await sql.raw('DROP TRIGGER test_abort_commit ON ledger_entries').execute(t.database.db);
    }
    expect(await eventRows(org)).toBe(0);
    expect((await balanceOf(t, user.accessToken)).available).toBe(5000);
    // The same top-up without the fault writes both.
    expect((await topUp(user.accessToken, 40)).statusCode).toBe(200);
    expect(await eventRows(org)).toBe(1);
  });

  it('an order refused for funds, or from an ended session, writes no order.created', async () => {
    const user = await signUpVerifiedUser(t);
    const tooMuch = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: product.maxValue,
      email: recipient(),
      quantity: 100,
    });
    expect(tooMuch.statusCode).toBe(402);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(user.accessToken),
      payload: {},
    });
    expect(out.statusCode).toBeLessThan(300);
    const ended = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: Math.max(25, product.minValue),
      email: recipient(),
      quantity: 1,
    });
    expect(ended.statusCode).toBe(401);
    expect(await eventRows(user.organisationId)).toBe(0);
  });
});

describe(`events are kept 35 days (${TEST_DB})`, () => {
  it('the housekeeping sweep deletes older events and keeps the rest', async () => {
    const user = await signUpVerifiedUser(t);
    const insert = (daysAgo: number) =>
      sql`INSERT INTO events (organisation_id, type, data, created_at)
          VALUES (${user.organisationId}, 'balance.funded', '{}'::jsonb,
                  date_trunc('milliseconds', now() - make_interval(days => ${daysAgo})))`.execute(t.database.db);
    await insert(36);
    await insert(31);
    const report = await t.app.housekeeping.run({ sweep: true });
    expect(report.swept?.events).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await eventRows(user.organisationId)) === 1);
  });
});

describe(`events stored by earlier releases still answer, in today's shape (${TEST_DB})`, () => {
  // Written as the first release wrote them: before minor units, FX charges, partial issuance,
  // approvals, scheduling and live mode added their fields to the order.
  const firstRelease = {
    order_id: '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3c',
    status: 'completed',
    product_code: 'AMAZON-US',
    product_name: 'Amazon.com Gift Card',
    brand: 'Amazon',
    currency: 'USD',
    amount: 25,
    quantity: 2,
    subtotal: 50,
    fee: 1.5,
    total: 51.5,
    recipient_email: 'ana@example.com',
    recipient_name: null,
    created_at: '2025-05-01T09:30:00.000Z',
    completed_at: '2025-05-01T09:30:02.000Z',
    failed_at: null,
    failure_reason: null,
  };

  it('an order.completed and an order.failed without the later fields list and read with them filled from what they say', async () => {
    const user = await signUpVerifiedUser(t);
    const failed = {
      ...firstRelease,
      order_id: '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3d',
      status: 'failed',
      completed_at: null,
    };
    for (const [type, data] of [
      ['order.completed', { order: firstRelease }],
      ['order.failed', { order: failed, reason: 'Provider refused' }],
    ] as const) {
      await sql`INSERT INTO events (organisation_id, type, data) VALUES (${user.organisationId}, ${type}, ${JSON.stringify(data)}::jsonb)`.execute(
        t.database.db,
      );
    }
    const listed = await events(user.accessToken);
    const byType = (type: string) => {
      const found = listed.data.find((e) => e.type === type);
      if (!found) throw new Error(`no ${type} listed`);
      return found;
    };
    expect(byType('order.completed').data.order).toMatchObject({
      ...firstRelease,
      delivery_method: 'email',
      amount_minor: 2500,
      subtotal_minor: 5000,
      fee_minor: 150,
      total_minor: 5150,
      charged: { currency: 'USD', rate: '1', total_minor: 5150, released: 0, released_minor: 0 },
      issued_count: 2,
      failed_count: 0,
      created_by: null,
      approval: null,
      send_at: null,
      sandbox: true,
    });
    expect(byType('order.failed').data).toMatchObject({
      reason: 'Provider refused',
      order: { issued_count: 0, failed_count: 2, charged: { released: 51.5, released_minor: 5150 } },
    });
    const one = await t.app.inject({
      url: `/api/v1/events/${byType('order.failed').id}`,
      headers: bearer(user.accessToken),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().event.data.order.failed_count).toBe(2);
    // The stored row is history: it is answered upgraded, never rewritten.
    const { rows } = await sql<{ data: { order: Record<string, unknown> } }>`
      SELECT data FROM events WHERE id = ${byType('order.failed').id}`.execute(t.database.db);
    expect(rows[0]?.data.order.failed_count).toBeUndefined();
  });
});
