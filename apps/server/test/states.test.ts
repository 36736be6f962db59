import { randomUUID } from 'node:crypto';
import { ORDER_EXPORT_COLUMNS, readCsv } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from './factories';
import { joinAs } from './factories/members';
import { claimTokensOf, type ProductPick, pickProduct, postOrder, recipient, settledOrder } from './factories/orders';
import { createTestApp, TEST_DB, type TestApp } from './helpers';

/**
 * States that tell the truth (issue 35, decision 076), through HTTP into the database: a voided
 * order says so everywhere the API shows it, and one seeded mix of orders (delivered, partly
 * delivered, voided, partly voided, scheduled, waiting for approval) gives the same figures from
 * the order history's cards, searched or not, the dashboard, analytics and the CSV export. Beside
 * them, the papercuts: no quantity means 1, the default message on API orders, "Opened".
 */
let t: TestApp;
let range: ProductPick;
let owner: SignedUpUser;
let sender: SignedUpUser;
const DEFAULT_MESSAGE = 'Thank you from all of us';
const ids: Record<'delivered' | 'partial' | 'voided' | 'partlyVoided' | 'scheduled' | 'waiting' | 'noMessage', string> =
  {
    delivered: '',
    partial: '',
    voided: '',
    partlyVoided: '',
    scheduled: '',
    waiting: '',
    noMessage: '',
  };

const get = async (url: string, token = owner.accessToken) => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const voidOrder = (orderId: string, note: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/void`,
    headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
    payload: { note },
  });

async function delivered(body: Record<string, unknown>): Promise<string> {
  const res = await postOrder(t, owner.accessToken, { product_code: range.code, amount: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  const order = await settledOrder(t, owner.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  return order.order_id;
}

beforeAll(async () => {
  t = await createTestApp();
  range = await pickProduct(t);
  owner = await signUpVerifiedUser(t);
  sender = await joinAs(t, owner, 'sender');
  const settings = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/organisation',
    headers: bearer(owner.accessToken),
    payload: { default_message: DEFAULT_MESSAGE },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  // Without a quantity (one reward) and without a message (the organisation's default).
  ids.delivered = await delivered({ email: recipient() });
  // An emptied message is the sender's choice of none.
  ids.noMessage = await delivered({ email: recipient(), quantity: 1, message: '' });
  // The sandbox refuses the rewards past the first of a `+issue-1` address (decision 058).
  ids.partial = await delivered({ email: `partial-${randomUUID().slice(0, 6)}+issue-1@example.com`, quantity: 2 });
  ids.voided = await delivered({ email: recipient(), quantity: 1 });
  expect((await voidOrder(ids.voided, 'Sent to the wrong person')).statusCode).toBe(200);
  ids.partlyVoided = await delivered({ email: recipient(), quantity: 2 });
  const [first] = await claimTokensOf(t, ids.partlyVoided);
  expect((await t.app.inject({ url: `/api/v1/claims/${first}` })).statusCode).toBe(200);
  expect((await voidOrder(ids.partlyVoided, 'No longer due')).statusCode).toBe(200);
  const sendAt = new Date(Date.now() + 86_400_000).toISOString();
  const scheduled = await postOrder(t, owner.accessToken, {
    product_code: range.code,
    amount: 10,
    email: recipient(),
    quantity: 1,
    send_at: sendAt,
  } as never);
  expect(scheduled.json().status, scheduled.body).toBe('scheduled');
  ids.scheduled = scheduled.json().order_id;
  const rules = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/approval-rules',
    headers: bearer(owner.accessToken),
    payload: { every_sender_order: true },
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const waiting = await postOrder(t, sender.accessToken, {
    product_code: range.code,
    amount: 10,
    email: recipient(),
    quantity: 1,
  });
  expect(waiting.json().status, waiting.body).toBe('pending_approval');
  ids.waiting = waiting.json().order_id;
});
afterAll(() => t.close());

describe(`states that tell the truth (${TEST_DB})`, () => {
  it('a voided order says so in its detail, the list, the filter, its events; it cannot be resent', async () => {
    const detail = (await get(`/api/v1/orders/${ids.voided}`)).json();
    expect(detail).toMatchObject({ status: 'voided', issued_count: 1, voided_count: 1, failed_count: 0 });
    expect(detail.charged.released_minor).toBe(detail.charged.total_minor);
    expect(detail.rewards).toEqual([
      expect.objectContaining({
        status: 'voided',
        void: {
          state: 'refunded',
          voided_at: expect.any(String),
          note: 'Sent to the wrong person',
          provider_note: null,
        },
      }),
    ]);
    const partly = (await get(`/api/v1/orders/${ids.partlyVoided}`)).json();
    expect(partly).toMatchObject({ status: 'completed', issued_count: 2, voided_count: 1 });
    expect(partly.rewards.map((r: { status: string }) => r.status)).toEqual(['issued', 'voided']);
    // The claim page's first opening is in the order's history.
    expect(partly.history).toEqual(
      expect.arrayContaining([{ type: 'reward.opened', at: expect.any(String), detail: { position: 1 } }]),
    );

    const filtered = (await get('/api/v1/orders?status=voided')).json();
    expect(filtered.data.map((o: { order_id: string }) => o.order_id)).toEqual([ids.voided]);
    const deliveredOnes = (await get('/api/v1/orders?status=completed')).json().data;
    expect(deliveredOnes.map((o: { order_id: string }) => o.order_id)).not.toContain(ids.voided);

    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${ids.voided}/resend`,
      headers: bearer(owner.accessToken),
      payload: {},
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'ORDER_VOIDED', error: expect.stringContaining('voided') });
    // A second void: nothing is left.
    expect((await voidOrder(ids.voided, 'again')).statusCode).toBe(409);

    // The webhook's payload (events are what webhooks carry) says the order's status after it.
    const events = (await get('/api/v1/events?type=reward.voided')).json().data;
    const byOrder = new Map(events.map((e: { data: { order_id: string } }) => [e.data.order_id, e.data]));
    expect(byOrder.get(ids.voided)).toMatchObject({ refunded: true, order_status: 'voided' });
    expect(byOrder.get(ids.partlyVoided)).toMatchObject({ refunded: true, order_status: 'completed' });
  });

  it('one definition of each figure: history cards (searched or not), dashboard, analytics and the export agree', async () => {
    const stats = (await get('/api/v1/orders/stats')).json();
    expect(stats).toMatchObject({
      total_orders: 7,
      // delivered, no message, partly delivered, partly voided
      delivered: 4,
      // scheduled and waiting for approval count as pending
      pending: 2,
      scheduled: 1,
      pending_approval: 1,
      voided: 1,
      failed: 0,
    });
    // The searched path reads the orders, the other the rollups: the same figures.
    const searched = (await get('/api/v1/orders/stats?q=example.com')).json();
    expect(searched).toEqual(stats);

    const dashboard = (await get('/api/v1/dashboard')).json();
    expect(dashboard.orders).toBe(stats.total_orders);
    expect(dashboard.monthly_load_minor).toBe(stats.total_value_minor);
    const day = new Date().toISOString().slice(0, 10);
    const analytics = (await get(`/api/v1/analytics?from=${day}&to=${day}`)).json().totals;
    expect(analytics).toMatchObject({
      orders: stats.total_orders,
      completed: stats.delivered,
      failed: stats.failed,
      spend_minor: stats.total_value_minor,
    });

    // The export: every order once, the words the UI uses, and what each cost adds up to the same.
    const csv = readCsv((await get('/api/v1/orders/export')).body.replace(/^\uFEFF/, ''));
    const [head, ...rows] = csv;
    expect(head).toEqual([...ORDER_EXPORT_COLUMNS]);
    const col = (row: string[], name: (typeof ORDER_EXPORT_COLUMNS)[number]) =>
      row[ORDER_EXPORT_COLUMNS.indexOf(name)] as string;
    expect(rows).toHaveLength(stats.total_orders);
    const outcome = Object.fromEntries(rows.map((r) => [col(r, 'order_id'), col(r, 'outcome')]));
    expect(outcome).toMatchObject({
      [ids.voided]: 'Voided',
      [ids.partlyVoided]: 'Partly voided',
      [ids.partial]: 'Partly delivered',
      [ids.scheduled]: 'Scheduled',
      [ids.waiting]: 'Pending approval',
      [ids.delivered]: 'Delivered',
    });
    const cents = (text: string) => Math.round(Number(text) * 100);
    const spend = rows
      .filter((r) => ['pending', 'completed'].includes(col(r, 'status')))
      .reduce((sum, r) => sum + cents(col(r, 'charged_total')) - cents(col(r, 'released_total')), 0);
    expect(spend).toBe(stats.total_value_minor);
    expect(rows.filter((r) => col(r, 'status') === 'completed')).toHaveLength(stats.delivered);
  });

  it('an order without quantity is one reward; the default message applies unless the order says otherwise', async () => {
    const plain = (await get(`/api/v1/orders/${ids.delivered}`)).json();
    expect(plain).toMatchObject({ quantity: 1, message: DEFAULT_MESSAGE });
    expect(plain.rewards).toHaveLength(1);
    expect((await get(`/api/v1/orders/${ids.noMessage}`)).json().message).toBeNull();
    // Bad input is still refused, writing nothing: the default is for a field left out, not a wrong one.
    for (const quantity of [null, '1', 0, 1.5, 101]) {
      const res = await postOrder(t, owner.accessToken, {
        product_code: range.code,
        amount: 10,
        email: recipient(),
        quantity,
      } as never);
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.quantity' }] });
    }
    for (const status of ['VOIDED', 'void', 'voided\u0000', 'x'.repeat(300)]) {
      const res = await t.app.inject({
        url: `/api/v1/orders?status=${encodeURIComponent(status)}`,
        headers: bearer(owner.accessToken),
      });
      expect(res.statusCode, status).toBe(400);
    }
    expect((await get('/api/v1/orders/stats')).json().total_orders).toBe(7);
  });

  it('the approval rules tell a sender they apply and what their month counts; not an owner', async () => {
    const mine = (await get('/api/v1/approval-rules', sender.accessToken)).json();
    expect(mine).toMatchObject({ every_sender_order: true, yours: { rules_apply: true, month_usd_minor: 1025 } });
    const owners = (await get('/api/v1/approval-rules')).json();
    expect(owners.yours).toEqual({ rules_apply: false, month_usd_minor: 0 });
  });
});
