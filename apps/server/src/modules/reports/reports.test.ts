import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import {
  type HistoricalOrder,
  insertHistoricalOrders,
  type SeedProduct,
  seedProducts,
} from '../../../test/factories/order-history';
import { pickProduct, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { compactOrderStats } from '../order-stats';

let t: TestApp;
let products: SeedProduct[];
beforeAll(async () => {
  t = await createTestApp();
  products = await seedProducts(t.database.db, 10, 7);
});
afterAll(() => t.close());

const get = (url: string, user: SignedUpUser) => t.app.inject({ url, headers: bearer(user.accessToken) });
const usd = (p: SeedProduct) => p.currency === 'USD';
const DAY = 86_400_000;
const monthStartUtc = (d = new Date()) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));

/** Writes finished orders straight into the history (times of our choosing); returns their ids. */
function history(user: SignedUpUser, orders: Partial<HistoricalOrder>[]) {
  const product = products.find(usd) as SeedProduct;
  return insertHistoricalOrders(t.database.db, {
    organisationId: user.organisationId,
    key: t.app.secrets.rewardCodeKey,
    orders: orders.map((o) => ({
      product,
      amountMinor: product.denominations?.[0] ?? Math.max(product.minMinor, Math.min(2500, product.maxMinor)),
      quantity: 1,
      recipientEmail: recipient(),
      status: 'completed',
      createdAt: new Date(),
      ...o,
    })),
  });
}

/** Figures straight from the orders table, to hold the rollups to. */
async function recount(organisationId: string, from: Date, to: Date) {
  const { rows } = await sql<{ status: string; n: string; total: string; fee: string }>`
    SELECT status, count(*)::text AS n, sum(charged_total_minor)::text AS total, sum(charged_fee_minor)::text AS fee
    FROM orders WHERE organisation_id = ${organisationId} AND created_at >= ${from} AND created_at < ${to}
    GROUP BY status`.execute(t.database.db);
  return Object.fromEntries(
    rows.map((r) => [r.status, { n: Number(r.n), total: Number(r.total), fee: Number(r.fee) }]),
  );
}

describe(`GET /api/v1/dashboard (${TEST_DB})`, () => {
  it('a new organisation has zeros and no recent orders', async () => {
    const user = await signUpVerifiedUser(t);
    const res = await get('/api/v1/dashboard', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      currency: 'USD',
      monthly_load: 0,
      gross_margin: 0,
      orders: 0,
      redemption_rate: 0,
      recent_orders: [],
      has_pending: false,
    });
  });

  it('counts orders sent through the API, this month, with their charged totals and fees', async () => {
    const user = await signUpVerifiedUser(t);
    const range = await pickProduct(t);
    const sent = [];
    for (const amount of [25, 40]) {
      const res = await postOrder(t, user.accessToken, {
        product_code: range.code,
        amount,
        email: recipient(),
        quantity: 1,
      });
      expect(res.statusCode).toBe(201);
      sent.push(res.json());
    }
    // Pending orders count at once: the load includes money on hold.
    const now = (await get('/api/v1/dashboard', user)).json();
    expect(now.orders).toBe(2);
    expect(now.monthly_load).toBe(25.63 + 41);
    for (const o of sent) await settledOrder(t, user.accessToken, o.order_id);
    const body = (await get('/api/v1/dashboard', user)).json();
    // Delivered, but no recipient has opened a claim page yet.
    expect(body).toMatchObject({ orders: 2, monthly_load: 66.63, gross_margin: 1.63, redemption_rate: 0 });
    expect(body.recent_orders.map((o: { order_id: string }) => o.order_id)).toEqual([
      sent[1].order_id,
      sent[0].order_id,
    ]);
    expect(body.has_pending).toBe(false);
    const start = monthStartUtc();
    expect(body.period.from).toBe(start.toISOString().slice(0, 10));
  });

  it('an order on the last day of the previous month is not counted; one at the first instant of this month is', async () => {
    const user = await signUpVerifiedUser(t);
    const start = monthStartUtc();
    await history(user, [
      { createdAt: new Date(start.getTime() - 1000) },
      { createdAt: new Date(start.getTime() - 20 * DAY) },
      { createdAt: start },
    ]);
    const body = (await get('/api/v1/dashboard', user)).json();
    expect(body.orders).toBe(1);
    // The ten latest orders are not limited to the month.
    expect(body.recent_orders).toHaveLength(3);
  });

  it("the redemption rate is the share of the month's rewards whose claim page was opened, one decimal; failed orders add no load", async () => {
    const user = await signUpVerifiedUser(t);
    const start = monthStartUtc();
    await history(user, [
      { createdAt: start, status: 'completed', quantity: 2, claimed: 1 },
      { createdAt: start, status: 'completed', claimed: 1 },
      { createdAt: start, status: 'failed' },
    ]);
    const body = (await get('/api/v1/dashboard', user)).json();
    expect(body.orders).toBe(3);
    // 2 of the 3 rewards issued were opened; the failed order issued none.
    expect(body.redemption_rate).toBe(66.7);
    const counted = await recount(user.organisationId, start, new Date(start.getTime() + 40 * DAY));
    expect(Math.round(body.monthly_load * 100)).toBe(counted.completed?.total);
    expect(Math.round(body.gross_margin * 100)).toBe(counted.completed?.fee);
  });

  it('figures stay the same when the deltas are folded into the rollups, and equal a recount of the orders', async () => {
    const user = await signUpVerifiedUser(t);
    const start = monthStartUtc();
    await history(
      user,
      Array.from({ length: 30 }, (_, i) => ({
        createdAt: new Date(start.getTime() + (i % 5) * 3600_000),
        status: i % 7 === 0 ? ('failed' as const) : ('completed' as const),
        quantity: 1 + (i % 3),
      })),
    );
    const before = (await get('/api/v1/dashboard', user)).json();
    await compactOrderStats(t.database.db);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM order_stats_deltas WHERE organisation_id = ${user.organisationId}`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(0);
    const after = (await get('/api/v1/dashboard', user)).json();
    expect(after).toEqual(before);
    const counted = await recount(user.organisationId, start, new Date(start.getTime() + 40 * DAY));
    expect(after.orders).toBe(30);
    expect(Math.round(after.monthly_load * 100)).toBe(counted.completed?.total);
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({ url: '/api/v1/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe(`GET /api/v1/dashboard/charts (${TEST_DB})`, () => {
  it('30 days of load (zeros included), top brands and top recipients by value', async () => {
    const user = await signUpVerifiedUser(t);
    const [a, b] = products.filter(usd);
    if (!a || !b) throw new Error('need two USD products');
    const now = Date.now();
    const big = 'big.spender@example.com';
    await history(user, [
      {
        product: a,
        amountMinor: a.denominations?.[0] ?? a.maxMinor,
        recipientEmail: big,
        createdAt: new Date(now - 2 * DAY),
      },
      { product: a, amountMinor: a.denominations?.[0] ?? a.maxMinor, recipientEmail: big, createdAt: new Date(now) },
      { product: b, amountMinor: b.denominations?.[0] ?? b.minMinor, createdAt: new Date(now) },
      // Older than 30 days, and failed: neither counts.
      { product: b, amountMinor: b.denominations?.[0] ?? b.minMinor, createdAt: new Date(now - 45 * DAY) },
      { product: b, amountMinor: b.denominations?.[0] ?? b.minMinor, status: 'failed', createdAt: new Date(now) },
    ]);
    const res = await get('/api/v1/dashboard/charts', user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.load_by_day).toHaveLength(30);
    expect(body.load_by_day.at(-1).date).toBe(new Date(now).toISOString().slice(0, 10));
    const total = body.load_by_day.reduce((s: number, d: { value: number }) => s + d.value, 0);
    const counted = await recount(user.organisationId, new Date(now - 29 * DAY - (now % DAY)), new Date(now + DAY));
    expect(Math.round(total * 100)).toBe(counted.completed?.total);
    expect(body.top_customers[0]).toMatchObject({ recipient_email: big, orders: 2 });
    expect(body.top_brands.map((x: { brand: string }) => x.brand)).toContain(a.brand);
    const brandOrders = body.top_brands.reduce((s: number, x: { orders: number }) => s + x.orders, 0);
    expect(brandOrders).toBe(4); // 3 delivered + 1 failed in range; failed adds no value
  });

  it('empty for an organisation without orders', async () => {
    const user = await signUpVerifiedUser(t);
    const body = (await get('/api/v1/dashboard/charts', user)).json();
    expect(body.top_brands).toEqual([]);
    expect(body.top_customers).toEqual([]);
    expect(body.load_by_day.every((d: { value: number }) => d.value === 0)).toBe(true);
  });
});

describe(`GET /api/v1/analytics (${TEST_DB})`, () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
    const [a, b] = products;
    if (!a || !b) throw new Error('need products');
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    await history(user, [
      {
        product: a,
        amountMinor: a.denominations?.[0] ?? a.minMinor,
        createdAt: at('2026-03-02'),
        quantity: 2,
        claimed: 1,
      },
      { product: a, amountMinor: a.denominations?.[0] ?? a.minMinor, createdAt: at('2026-03-08') },
      { product: b, amountMinor: b.denominations?.[0] ?? b.minMinor, createdAt: at('2026-03-09'), claimed: 1 },
      { product: b, amountMinor: b.denominations?.[0] ?? b.minMinor, createdAt: at('2026-04-01'), status: 'failed' },
      { product: b, amountMinor: b.denominations?.[0] ?? b.minMinor, createdAt: at('2026-05-01') },
    ]);
  });

  it('spend, fees, claimed share and breakdowns over the range, by day, week and month', async () => {
    const res = await get('/api/v1/analytics?from=2026-03-01&to=2026-04-30&interval=week', user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toMatchObject({
      orders: 4,
      completed: 3,
      failed: 1,
      rewards_issued: 4,
      rewards_claimed: 2,
      claimed_share: 50,
    });
    const counted = await recount(user.organisationId, new Date('2026-03-01'), new Date('2026-05-01'));
    expect(Math.round(body.totals.spend * 100)).toBe(counted.completed?.total);
    expect(Math.round(body.totals.fees * 100)).toBe(counted.completed?.fee);
    // Weeks start on Monday: 2026-03-01 is a Sunday, so the first week starts on 2026-02-23.
    expect(body.series[0].period).toBe('2026-02-23');
    expect(body.series[1]).toMatchObject({ period: '2026-03-02', orders: 2 });
    expect(body.series[2]).toMatchObject({ period: '2026-03-09', orders: 1 });
    const seriesSpend = body.series.reduce((s: number, p: { spend: number }) => s + p.spend, 0);
    expect(Math.round(seriesSpend * 100)).toBe(counted.completed?.total);
    expect(body.by_brand.reduce((s: number, x: { orders: number }) => s + x.orders, 0)).toBe(4);
    expect(body.by_category.length).toBeGreaterThan(0);
    expect(body.by_country.length).toBeGreaterThan(0);

    const months = (await get('/api/v1/analytics?from=2026-03-01&to=2026-05-31&interval=month', user)).json();
    expect(months.series.map((p: { period: string; orders: number }) => [p.period, p.orders])).toEqual([
      ['2026-03-01', 3],
      ['2026-04-01', 1],
      ['2026-05-01', 1],
    ]);
    const days = (await get('/api/v1/analytics?from=2026-03-01&to=2026-03-31', user)).json();
    expect(days.interval).toBe('day');
    expect(days.series).toHaveLength(31);
  });

  it('the CSV export holds what the page shows', async () => {
    const res = await get('/api/v1/analytics/export?from=2026-03-01&to=2026-04-30&interval=month', user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="giftrelay-analytics-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,key,spend,fees,orders,currency,from,to');
    expect(lines).toContain('totals,rewards_claimed,,,2,USD,2026-03-01,2026-04-30');
    expect(lines.filter((l) => l.startsWith('series_month,'))).toHaveLength(2);
    expect(lines.some((l) => l.startsWith('brand,'))).toBe(true);
  });

  it('bad ranges and intervals answer 400 VALIDATION_ERROR', async () => {
    for (const q of [
      'from=2026-04-01&to=2026-03-01',
      'from=2026-02-30',
      'from=yesterday',
      'interval=year',
      'from=2000-01-01&to=2026-01-01',
      'to=2026-13-01',
    ]) {
      const res = await get(`/api/v1/analytics?${q}`, user);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION_ERROR');
    }
    expect((await get('/api/v1/analytics/export?from=2026-04-01&to=2026-03-01', user)).statusCode).toBe(400);
  });
});

describe(`order history: search, stats, export, resend (${TEST_DB})`, () => {
  let user: SignedUpUser;
  let ids: string[];
  const evil = '=HYPERLINK("http://evil.example","click")';
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
    const [a, b] = products;
    if (!a || !b) throw new Error('need products');
    const base = Date.now() - 10 * DAY;
    ids = await history(user, [
      {
        product: a,
        recipientEmail: 'Ada.Lovelace@Analytical.example',
        recipientName: 'Ada Lovelace',
        createdAt: new Date(base),
      },
      { product: b, recipientEmail: 'grace@navy.example', recipientName: evil, createdAt: new Date(base + 1000) },
      {
        product: b,
        recipientEmail: 'percent@example.com',
        recipientName: 'Smith, "Jo" 100%',
        createdAt: new Date(base + 2000),
        status: 'failed',
      },
    ]);
  });

  const search = (q: string) => get(`/api/v1/orders?${q}`, user);

  it('finds by recipient email or name, any case, anywhere in the text', async () => {
    for (const q of ['lovelace', 'ANALYTICAL', 'ada love', 'Ada.Lovelace@']) {
      const body = (await search(`q=${encodeURIComponent(q)}`)).json();
      expect(
        body.orders.map((o: { order_id: string }) => o.order_id),
        q,
      ).toEqual([ids[0]]);
    }
    const body = (await search('q=lovelace')).json();
    expect(body.orders[0]).toMatchObject({
      recipient_email: 'ada.lovelace@analytical.example',
      recipient_name: 'Ada Lovelace',
    });
  });

  it('finds by order id (whole or its start) and by reward (brand or product name)', async () => {
    const id = ids[1] as string;
    expect((await search(`q=${id}`)).json().orders.map((o: { order_id: string }) => o.order_id)).toEqual([id]);
    expect((await search(`q=${id.slice(0, 8).toUpperCase()}`)).json().orders[0].order_id).toBe(id);
    const b = products[1] as SeedProduct;
    const byBrand = (await search(`q=${encodeURIComponent(b.brand.toLowerCase())}`)).json();
    expect(byBrand.orders.map((o: { order_id: string }) => o.order_id)).toEqual(
      expect.arrayContaining([ids[1], ids[2]]),
    );
    const byName = (await search(`q=${encodeURIComponent(b.name.toUpperCase())}`)).json();
    expect(byName.orders.length).toBeGreaterThanOrEqual(2);
  });

  it('% and _ are literal characters, and a search with no match is empty', async () => {
    expect((await search('q=100%25')).json().orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2]]);
    expect((await search('q=%25')).json().orders).toHaveLength(1);
    expect((await search('q=_')).json().orders).toHaveLength(0);
    expect((await search('q=nobody-at-all')).json()).toMatchObject({ orders: [], next_cursor: null });
  });

  it('filters by status, with and without search, and pages through results with a cursor', async () => {
    const failed = (await search('status=failed')).json();
    expect(failed.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2]]);
    expect((await search('status=failed&q=lovelace')).json().orders).toEqual([]);
    const first = (await search('limit=2&q=example')).json();
    expect(first.orders).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await search(`limit=2&q=example&cursor=${first.next_cursor}`)).json();
    expect(second.orders).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const seen = [...first.orders, ...second.orders].map((o: { order_id: string }) => o.order_id);
    expect(seen).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('stats cover the searched set: counts per status and the total value', async () => {
    const all = (await get('/api/v1/orders/stats', user)).json();
    expect(all).toMatchObject({ success: true, currency: 'USD', total_orders: 3, delivered: 2, pending: 0, failed: 1 });
    // Total Value is the Monthly Load's rule (decision 076): what sending and delivered orders
    // cost, less what went back; the failed order's refunded charge is not in it.
    const { rows } = await sql<{ total: string }>`
      SELECT sum(charged_total_minor - released_subtotal_minor - released_fee_minor)::text AS total
      FROM orders WHERE organisation_id = ${user.organisationId} AND status IN ('pending', 'completed')`.execute(
      t.database.db,
    );
    expect(Math.round(all.total_value * 100)).toBe(Number(rows[0]?.total));
    const searched = (await get('/api/v1/orders/stats?q=lovelace', user)).json();
    expect(searched).toMatchObject({ total_orders: 1, delivered: 1, failed: 0 });
    const failedOnly = (await get('/api/v1/orders/stats?status=failed', user)).json();
    expect(failedOnly).toMatchObject({ total_orders: 1, delivered: 0, failed: 1 });
    const both = (await get('/api/v1/orders/stats?status=completed&q=example', user)).json();
    expect(both).toMatchObject({ total_orders: 2, delivered: 2 });
  });

  it('bad query parameters answer 400 VALIDATION_ERROR', async () => {
    for (const url of [
      `/api/v1/orders?q=${'x'.repeat(201)}`,
      '/api/v1/orders?status=delivered',
      '/api/v1/orders?limit=0',
      '/api/v1/orders?limit=abc',
      '/api/v1/orders?cursor=not-a-cursor',
      '/api/v1/orders/stats?status=bogus',
      `/api/v1/orders/export?q=${'x'.repeat(201)}`,
    ]) {
      const res = await get(url, user);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('VALIDATION_ERROR');
    }
  });

  it('the CSV export has every matching order, with formulas defused and commas and quotes escaped', async () => {
    const res = await get('/api/v1/orders/export', user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="giftrelay-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'order_id,created_at,status,recipient_email,recipient_name,brand,product_name,product_code,currency,amount,quantity,subtotal,fee,total,charge_currency,charged_total,delivery_method,completed_at,failed_at,failure_reason,outcome,issued_count,failed_count,released_total,recipient_phone,sms_status',
    );
    expect(lines).toHaveLength(4);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(text).not.toMatch(/,=HYPERLINK/);
    expect(text).toContain(',"Smith, ""Jo"" 100%",');
    const filtered = (await get('/api/v1/orders/export?status=failed', user)).body.trim().split('\r\n');
    expect(filtered).toHaveLength(2);
    expect(filtered[1]).toContain(ids[2]);
    const searched = (await get('/api/v1/orders/export?q=lovelace', user)).body.trim().split('\r\n');
    expect(searched).toHaveLength(2);
    expect(searched[1]?.startsWith(`${ids[0]},`)).toBe(true);
  });

  it('exports past one read batch: every order once, newest first', async () => {
    const other = await signUpVerifiedUser(t);
    const base = Date.now() - 5 * DAY;
    await history(
      other,
      Array.from({ length: 2300 }, (_, i) => ({ createdAt: new Date(base + Math.floor(i / 3) * 1000) })),
    );
    const lines = (await get('/api/v1/orders/export', other)).body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2300);
    const orderIds = lines.map((l) => l.split(',')[0]);
    expect(new Set(orderIds).size).toBe(2300);
    const times = lines.map((l) => l.split(',')[1] as string);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('resends a delivered order to a corrected address: the email arrives and the history says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${ids[0]}/resend`,
      headers: bearer(user.accessToken),
      payload: { email: 'Ada@Corrected.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      order_id: ids[0],
      recipient_email: 'ada@corrected.example',
      recipient_phone: null,
    });
    const mail = await waitForEmail(t, 'ada@corrected.example');
    expect(mail.text).toMatch(/\/claim\/[A-Za-z0-9_-]{20,}/);
    const detail = (await get(`/api/v1/orders/${ids[0]}`, user)).json();
    expect(detail.recipient_email).toBe('ada@corrected.example');
    const types = detail.history.map((h: { type: string }) => h.type);
    expect(types).toEqual(expect.arrayContaining(['recipient.changed', 'email.resent']));
    expect(detail.history.find((h: { type: string }) => h.type === 'recipient.changed').detail).toEqual({
      from: 'ada.lovelace@analytical.example',
      to: 'ada@corrected.example',
    });
    // The search follows the corrected address.
    expect((await search('q=corrected')).json().orders).toHaveLength(1);
    // The same address again (no body): another email, no address change.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${ids[0]}/resend`,
      headers: bearer(user.accessToken),
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses to resend a failed order (409), an unknown one (404), a malformed id or a bad address (400), and too many (429)', async () => {
    const post = (id: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/resend`, headers: bearer(user.accessToken), payload });
    const failed = await post(ids[2] as string);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().code).toBe('CONFLICT');
    expect((await post('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // A malformed id is refused at the edge (OrderIdParamsSchema), naming the field.
    const malformed = await post('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
    const bad = await post(ids[1] as string, { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post(ids[1] as string)).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes[5]).toBe(429);
  });
});

describe(`tenant isolation (${TEST_DB})`, () => {
  it("organisation B gets 404 or nothing for every request about A's data", async () => {
    const a = await signUpVerifiedUser(t);
    const b = await signUpVerifiedUser(t);
    const [id] = await history(a, [{ recipientEmail: 'only-a@example.com', createdAt: new Date() }]);
    const dash = (await get('/api/v1/dashboard', b)).json();
    expect(dash).toMatchObject({ orders: 0, monthly_load: 0, recent_orders: [] });
    const charts = (await get('/api/v1/dashboard/charts', b)).json();
    expect(charts.top_customers).toEqual([]);
    expect((await get(`/api/v1/orders?q=${id}`, b)).json().orders).toEqual([]);
    expect((await get('/api/v1/orders?q=only-a', b)).json().orders).toEqual([]);
    expect((await get('/api/v1/orders/stats?q=only-a', b)).json().total_orders).toBe(0);
    expect((await get('/api/v1/orders/stats', b)).json().total_orders).toBe(0);
    expect((await get('/api/v1/orders/export', b)).body.trim().split('\r\n')).toHaveLength(1);
    expect((await get(`/api/v1/orders/${id}`, b)).statusCode).toBe(404);
    expect((await get('/api/v1/analytics', b)).json().totals.orders).toBe(0);
    const analyticsCsv = (await get('/api/v1/analytics/export', b)).body;
    expect(analyticsCsv).toContain('totals,all,0.00,0.00,0,USD');
    expect(analyticsCsv).not.toMatch(/^brand,/m);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${id}/resend`,
      headers: bearer(b.accessToken),
    });
    expect(resend.statusCode).toBe(404);
    // A still sees its own.
    expect((await get('/api/v1/orders?q=only-a', a)).json().orders).toHaveLength(1);
  });
});

describe(`opening a claim link moves the Redemption Rate and the Claimed share alike (${TEST_DB})`, () => {
  const claimLink = async (to: string) => {
    const email = await waitForEmail(t, to);
    const token = /\/claim\/([A-Za-z0-9_-]{43})/.exec(email.text)?.[1];
    if (!token) throw new Error(`no claim link in the email to ${to}`);
    return token;
  };
  const rates = async (user: SignedUpUser) => {
    const dashboard = (await get('/api/v1/dashboard', user)).json();
    const analytics = (await get('/api/v1/analytics', user)).json();
    return { redemption: dashboard.redemption_rate, claimed: analytics.totals.claimed_share };
  };

  it('0% until a recipient opens their claim page, then the share opened; a second opening counts once', async () => {
    const user = await signUpVerifiedUser(t);
    const range = await pickProduct(t);
    const recipients = [recipient(), recipient()];
    for (const email of recipients) {
      const res = await postOrder(t, user.accessToken, { product_code: range.code, amount: 25, email, quantity: 1 });
      expect(res.statusCode).toBe(201);
      await settledOrder(t, user.accessToken, res.json().order_id);
    }
    expect(await rates(user)).toEqual({ redemption: 0, claimed: 0 });

    const first = await claimLink(recipients[0] as string);
    expect((await t.app.inject({ url: `/api/v1/claims/${first}` })).statusCode).toBe(200);
    expect(await rates(user)).toEqual({ redemption: 50, claimed: 50 });

    // Opening the same page again is not another claim.
    await t.app.inject({ url: `/api/v1/claims/${first}` });
    expect(await rates(user)).toEqual({ redemption: 50, claimed: 50 });
    await compactOrderStats(t.database.db);
    expect(await rates(user)).toEqual({ redemption: 50, claimed: 50 });

    const second = await claimLink(recipients[1] as string);
    await t.app.inject({ url: `/api/v1/claims/${second}` });
    expect(await rates(user)).toEqual({ redemption: 100, claimed: 100 });

    // Another organisation's figures do not move.
    const other = await signUpVerifiedUser(t);
    expect(await rates(other)).toEqual({ redemption: 0, claimed: 0 });
  });
});
