import { exponentOf } from '@giftrelay/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from './factories';
import { type ProductPick, pickProduct, postOrder, recipient, settledOrder } from './factories/orders';
import { createTestApp, TEST_DB, type TestApp } from './helpers';

/** Each decimal amount named in `fields` has its `_minor` twin, and they say the same thing. */
function expectMinorTwins(body: Record<string, unknown>, fields: string[], currency: string) {
  for (const field of fields) {
    const minor = body[`${field}_minor`];
    expect(Number.isSafeInteger(minor), `${field}_minor is an integer`).toBe(true);
    expect((minor as number) / 10 ** exponentOf(currency), `${field}_minor is ${field}`).toBe(body[field]);
  }
}

let t: TestApp;
let user: SignedUpUser;
let usd: ProductPick;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpVerifiedUser(t);
  usd = await pickProduct(t);
}, 180_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: bearer(user.accessToken) });

describe(`money also in integer minor units (${TEST_DB})`, () => {
  it('an order, as created, read and listed: amount, subtotal, fee and total, and what was charged', async () => {
    const created = await postOrder(t, user.accessToken, {
      product_code: usd.code,
      amount: '25.50',
      email: recipient(),
      quantity: 2,
    });
    expect(created.statusCode).toBe(201);
    const order = created.json();
    // 25.50 × 2 = 51.00; 2.5 % is 1.275, half-up 1.28; 52.28.
    expect(order).toMatchObject({
      currency: 'USD',
      amount_minor: 2550,
      subtotal_minor: 5100,
      fee_minor: 128,
      total_minor: 5228,
      charged: { currency: 'USD', subtotal_minor: 5100, fee_minor: 128, total_minor: 5228 },
    });
    expectMinorTwins(order, ['amount', 'subtotal', 'fee', 'total'], order.currency);
    expectMinorTwins(order.charged, ['subtotal', 'fee', 'total'], order.charged.currency);

    const detail = await settledOrder(t, user.accessToken, order.order_id);
    expect(detail).toMatchObject({ amount_minor: 2550, total_minor: 5228, charged: { total_minor: 5228 } });
    const listed = (await get('/api/v1/orders')).json().data[0];
    expect(listed).toMatchObject({ order_id: order.order_id, amount_minor: 2550, total_minor: 5228 });
  });

  it('an order in another currency: its own minor units, and the charge in the billing currency’s', async () => {
    const gbp = await pickProduct(t, { country: 'UK', currency: 'GBP' }).catch(() => undefined);
    if (!gbp) return expect.fail('the sandbox catalogue has a UK range product in GBP');
    const created = await postOrder(t, user.accessToken, {
      product_code: gbp.code,
      amount: 10,
      email: recipient(),
      quantity: 1,
    });
    expect(created.statusCode).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({ currency: 'GBP', amount_minor: 1000, fee_minor: 25, total_minor: 1025 });
    expect(order.charged.currency).toBe('USD');
    expectMinorTwins(order.charged, ['subtotal', 'fee', 'total'], 'USD');
  });

  it('the balance, order stats, dashboard and analytics totals', async () => {
    const balance = (await get('/api/v1/balance')).json();
    expectMinorTwins(balance, ['available', 'held'], balance.currency);
    const stats = (await get('/api/v1/orders/stats')).json();
    expectMinorTwins(stats, ['total_value'], stats.currency);
    expect(stats.total_value_minor).toBeGreaterThan(5228);
    // Whatever is not available any more is held or was charged.
    expect(balance.available_minor + balance.held_minor + stats.total_value_minor).toBeGreaterThanOrEqual(500_000);
    const dashboard = (await get('/api/v1/dashboard')).json();
    expectMinorTwins(dashboard, ['monthly_load', 'gross_margin'], dashboard.currency);
    expect(dashboard.monthly_load_minor).toBe(stats.total_value_minor);
    const analytics = (await get('/api/v1/analytics')).json();
    expectMinorTwins(analytics.totals, ['spend', 'fees'], analytics.currency);
    expect(analytics.totals.spend_minor).toBe(stats.total_value_minor);
  });
});

describe(`one envelope for every list (${TEST_DB})`, () => {
  it('products: data, has_more and next_cursor, with the deprecated products key alongside', async () => {
    const first = (await t.app.inject({ url: '/api/v1/products?country=US&limit=2' })).json();
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.products).toEqual(first.data);
    let page = first;
    const seen = [...first.data];
    while (page.has_more) {
      page = (
        await t.app.inject({
          url: `/api/v1/products?country=US&limit=100&cursor=${encodeURIComponent(page.next_cursor)}`,
        })
      ).json();
      seen.push(...page.data);
    }
    expect(page.next_cursor).toBeNull();
    expect(new Set(seen.map((p: { code: string }) => p.code)).size).toBe(seen.length);
  });

  it('orders and their search: pages of data, has_more until the last', async () => {
    const owner = await signUpVerifiedUser(t);
    for (let i = 0; i < 3; i++) {
      const res = await postOrder(t, owner.accessToken, {
        product_code: usd.code,
        amount: 25,
        email: `envelope-${i}@example.com`,
        quantity: 1,
      });
      expect(res.statusCode).toBe(201);
    }
    const read = (url: string) => t.app.inject({ url, headers: bearer(owner.accessToken) }).then((r) => r.json());
    const first = await read('/api/v1/orders?limit=2');
    expect(first).toMatchObject({ success: true, has_more: true, next_cursor: expect.any(String) });
    expect(first.data).toHaveLength(2);
    expect(first.orders).toEqual(first.data);
    const last = await read(`/api/v1/orders?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(last).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.data).toHaveLength(1);
    const searched = await read('/api/v1/orders?q=envelope-1');
    expect(searched).toMatchObject({ has_more: false, next_cursor: null });
    expect(searched.data.map((o: { recipient_email: string }) => o.recipient_email)).toEqual([
      'envelope-1@example.com',
    ]);
    expect(searched.orders).toEqual(searched.data);
  });

  it('the mailbox: one page, the deprecated messages key alongside', async () => {
    const res = (await t.app.inject({ url: '/api/mailbox?limit=2' })).json();
    expect(res).toMatchObject({ success: true, has_more: false, next_cursor: null });
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.messages).toEqual(res.data);
  });
});
