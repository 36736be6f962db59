import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { createTangoTestApp, creditBalance, goLive } from '../../../test/factories/live';
import { claimTokensOf, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { FAKE_TANGO } from '../../../test/fake-tango';
import { TEST_DB, type TestApp } from '../../../test/helpers';
import { compactOrderStats, figuresByStatus } from '../order-stats';

/**
 * Sandbox and live figures apart (issue 17, decision 045 amended, migration 0095): once an
 * organisation has gone live, its dashboard, analytics, exports and order history count its live
 * orders only; its earlier sandbox orders stay one `mode=sandbox` away in the history, and
 * whatever happens to them later (a claim, a void) moves the sandbox figures alone.
 */

let t: TestApp;
let operator: SignedUpUser;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, operator, close } = await createTangoTestApp());
});
afterAll(() => close());

const get = (user: SignedUpUser, url: string) => t.app.inject({ url, headers: bearer(user.accessToken) });
const ids = (body: { data: { order_id: string }[] }) => body.data.map((o) => o.order_id);

async function placeSettled(user: SignedUpUser, amount: number, email = recipient()) {
  const res = await postOrder(t, user.accessToken, {
    product_code: FAKE_TANGO.activeRangeUtid,
    amount,
    email,
    quantity: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().order_id as string;
  expect((await settledOrder(t, user.accessToken, id)).status).toBe('completed');
  return { id, answer: res.json() };
}

/** Every figure a live organisation's people see, to compare before and after the compactor. */
async function figures(user: SignedUpUser) {
  const [dashboard, charts, analytics, list, stats, exported] = await Promise.all(
    [
      '/api/v1/dashboard',
      '/api/v1/dashboard/charts',
      '/api/v1/analytics',
      '/api/v1/orders',
      '/api/v1/orders/stats',
      '/api/v1/orders/export',
    ].map((url) => get(user, url)),
  );
  return {
    dashboard: dashboard?.json(),
    charts: charts?.json(),
    analytics: analytics?.json(),
    list: list?.json(),
    stats: stats?.json(),
    exportRows: exported?.body.trim().split('\r\n').slice(1) ?? [],
  };
}

describe(`a live organisation's figures (${TEST_DB})`, () => {
  it('count its live orders only; a sandbox order claimed or voided after going live changes none of them', async () => {
    const owner = await signUpVerifiedUser(t);
    const claimedLater = await placeSettled(owner, 20);
    const voidedLater = await placeSettled(owner, 30);
    const third = await placeSettled(owner, 40);
    expect(claimedLater.answer.sandbox).toBe(true);
    const sandboxIds = [third.id, voidedLater.id, claimedLater.id];
    // In sandbox, the sandbox orders are the organisation's figures, as ever.
    const asSandbox = await figures(owner);
    expect(asSandbox.dashboard).toMatchObject({ orders: 3, monthly_load: 92.25 });
    expect(ids(asSandbox.list)).toEqual(sandboxIds);
    expect(asSandbox.list.data.every((o: { sandbox: boolean }) => o.sandbox)).toBe(true);

    await goLive(t, owner, operator);
    const justLive = await figures(owner);
    expect(justLive.dashboard).toMatchObject({ orders: 0, monthly_load: 0, recent_orders: [], redemption_rate: 0 });
    expect(justLive.charts.top_brands).toEqual([]);
    expect(justLive.charts.top_customers).toEqual([]);
    expect(justLive.analytics.totals).toMatchObject({ orders: 0, spend: 0, rewards_issued: 0 });
    expect(justLive.list.data).toEqual([]);
    expect(justLive.stats).toMatchObject({ total_orders: 0, total_value: 0 });
    expect(justLive.exportRows).toEqual([]);

    await creditBalance(t, owner.organisationId, 10_000);
    const liveTo = recipient();
    const live = await placeSettled(owner, 15, liveTo);
    // The 201 answer states the mode the order was placed in, as every later read does.
    expect(live.answer.sandbox).toBe(false);
    expect((await get(owner, `/api/v1/orders/${live.id}`)).json().sandbox).toBe(false);
    expect((await get(owner, `/api/v1/orders/${claimedLater.id}`)).json().sandbox).toBe(true);

    // After going live: a recipient opens a sandbox card, and a sandbox order is voided.
    const [token] = await claimTokensOf(t, claimedLater.id);
    expect((await t.app.inject({ url: `/api/v1/claims/${token}` })).statusCode).toBe(200);
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${voidedLater.id}/void`,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': `void-${voidedLater.id}` },
      payload: {},
    });
    expect(voided.statusCode, voided.body).toBe(200);

    const liveFigures = await figures(owner);
    // 15.00 at a 2.5 % fee: 15.38 charged, one order, one reward, none opened.
    expect(liveFigures.dashboard).toMatchObject({
      orders: 1,
      monthly_load: 15.38,
      gross_margin: 0.38,
      redemption_rate: 0,
      has_pending: false,
    });
    expect(ids({ data: liveFigures.dashboard.recent_orders })).toEqual([live.id]);
    expect(liveFigures.charts.load_by_day.reduce((n: number, d: { value: number }) => n + d.value, 0)).toBe(15.38);
    expect(liveFigures.charts.top_brands).toEqual([expect.objectContaining({ value: 15.38, orders: 1 })]);
    expect(liveFigures.charts.top_customers).toEqual([
      { recipient_email: liveTo, recipient_phone: null, value: 15.38, orders: 1 },
    ]);
    expect(liveFigures.analytics.totals).toMatchObject({
      orders: 1,
      completed: 1,
      spend: 15.38,
      fees: 0.38,
      rewards_issued: 1,
      rewards_claimed: 0,
    });
    expect(ids(liveFigures.list)).toEqual([live.id]);
    expect(liveFigures.list.data[0].sandbox).toBe(false);
    expect(liveFigures.stats).toMatchObject({ total_orders: 1, delivered: 1, total_value: 15.38 });
    expect(liveFigures.exportRows).toHaveLength(1);
    expect(liveFigures.exportRows[0]).toContain(live.id);
    const csv = (await get(owner, '/api/v1/analytics/export')).body;
    expect(csv).toContain('totals,all,15.38,0.38,1,USD');

    // The claim and the void moved the sandbox figures, and only them.
    const sandboxFigures = await figuresByStatus(
      t.database.db,
      { organisationId: owner.organisationId, sandbox: true },
      {},
    );
    expect(sandboxFigures.get('completed')).toMatchObject({ orders: 2, rewards: 2, rewardsClaimed: 1 });
    expect(sandboxFigures.get('completed')?.chargedTotalMinor).toBe(2050 + 4100);
    // The voided one is its own status now, with nothing left to count (decision 076).
    expect(sandboxFigures.get('voided')).toMatchObject({ orders: 1, rewards: 0, chargedTotalMinor: 0 });

    // The same figures once the compactor has folded the deltas.
    await compactOrderStats(t.database.db);
    expect(await figures(owner)).toEqual(liveFigures);

    // The earlier sandbox orders are one filter away, labelled by their own mode.
    const sandboxList = (await get(owner, '/api/v1/orders?mode=sandbox')).json();
    expect(ids(sandboxList)).toEqual(sandboxIds);
    expect(sandboxList.data.every((o: { sandbox: boolean }) => o.sandbox)).toBe(true);
    expect(ids((await get(owner, '/api/v1/orders?mode=live')).json())).toEqual([live.id]);
    expect(ids((await get(owner, '/api/v1/orders?mode=sandbox&limit=2')).json())).toEqual(sandboxIds.slice(0, 2));
    const searched = (await get(owner, `/api/v1/orders?mode=sandbox&q=${claimedLater.id}`)).json();
    expect(ids(searched)).toEqual([claimedLater.id]);
    expect((await get(owner, '/api/v1/orders/stats?mode=sandbox')).json()).toMatchObject({
      total_orders: 3,
      delivered: 2,
      voided: 1,
      total_value: 61.5,
    });
    expect((await get(owner, `/api/v1/orders/stats?mode=sandbox&q=${third.id}`)).json()).toMatchObject({
      total_orders: 1,
      total_value: 41,
    });
    const sandboxExport = (await get(owner, '/api/v1/orders/export?mode=sandbox')).body.trim().split('\r\n');
    expect(sandboxExport).toHaveLength(4);

    // The dashboard, its charts and analytics show the sandbox figures when asked, as the history does.
    const sandboxDashboard = (await get(owner, '/api/v1/dashboard?mode=sandbox')).json();
    expect(sandboxDashboard).toMatchObject({ orders: 3, monthly_load: 61.5, has_pending: false });
    expect(ids({ data: sandboxDashboard.recent_orders })).toEqual(sandboxIds);
    expect(sandboxDashboard.recent_orders.every((o: { sandbox: boolean }) => o.sandbox)).toBe(true);
    const sandboxCharts = (await get(owner, '/api/v1/dashboard/charts?mode=sandbox')).json();
    expect(sandboxCharts.load_by_day.reduce((n: number, d: { value: number }) => n + d.value, 0)).toBeCloseTo(61.5, 2);
    expect(sandboxCharts.top_customers.map((c: { recipient_email: string }) => c.recipient_email)).not.toContain(
      liveTo,
    );
    expect((await get(owner, '/api/v1/analytics?mode=sandbox')).json().totals).toMatchObject({
      orders: 3,
      spend: 61.5,
      rewards_claimed: 1,
    });
    const sandboxCsv = await get(owner, '/api/v1/analytics/export?mode=sandbox');
    expect(sandboxCsv.body).toContain('totals,all,61.50,');
    // A sandbox export says so in its file name; a live one does not.
    expect(sandboxCsv.headers['content-disposition']).toMatch(/filename="giftrelay-analytics-sandbox-[\d-]+\.csv"/);
    expect((await get(owner, '/api/v1/analytics/export')).headers['content-disposition']).toMatch(
      /filename="giftrelay-analytics-\d/,
    );
    expect((await get(owner, '/api/v1/orders/export?mode=sandbox')).headers['content-disposition']).toMatch(
      /filename="giftrelay-orders-sandbox-/,
    );
    // Asking for live is what a live organisation sees by default.
    expect((await get(owner, '/api/v1/dashboard?mode=live')).json()).toEqual(liveFigures.dashboard);
    expect((await get(owner, '/api/v1/dashboard/charts?mode=live')).json()).toEqual(liveFigures.charts);
    expect((await get(owner, '/api/v1/analytics?mode=live')).json()).toEqual(liveFigures.analytics);
  });

  it('an organisation in sandbox sees its sandbox orders by default, and none with mode=live', async () => {
    const owner = await signUpVerifiedUser(t);
    const { id } = await placeSettled(owner, 25);
    expect(ids((await get(owner, '/api/v1/orders')).json())).toEqual([id]);
    expect(ids((await get(owner, '/api/v1/orders?mode=sandbox')).json())).toEqual([id]);
    expect((await get(owner, '/api/v1/orders?mode=live')).json().data).toEqual([]);
    expect((await get(owner, '/api/v1/orders/stats?mode=live')).json().total_orders).toBe(0);
    expect((await get(owner, '/api/v1/dashboard')).json()).toMatchObject({ orders: 1, monthly_load: 25.63 });
    expect((await get(owner, '/api/v1/dashboard?mode=live')).json()).toMatchObject({ orders: 0, recent_orders: [] });
    expect((await get(owner, '/api/v1/analytics?mode=live')).json().totals).toMatchObject({ orders: 0 });
  });

  // Since decision 093 a process remembers its organisations' state and the order's statement checks
  // it: an order built for sandbox that meets a live organisation writes nothing, and is built again
  // for the mode the organisation is in when the statement runs.
  it('an order whose organisation goes live between the mode read and its statement is placed live, never answered sandbox', async () => {
    const owner = await signUpVerifiedUser(t);
    // Going live lands after placing read the mode (sandbox) and before the order's statement.
    const query = t.app.database.query.bind(t.app.database);
    let raced = false;
    const statements: string[] = [];
    const spy = vi.spyOn(t.app.database, 'query').mockImplementation(async (text, values, name) => {
      if (name?.startsWith('place_order')) statements.push(name);
      if (!raced && name?.startsWith('place_order')) {
        raced = true;
        await goLive(t, owner, operator);
        await creditBalance(t, owner.organisationId, 10_000);
      }
      return query(text, values, name) as never;
    });
    const body = { product_code: FAKE_TANGO.activeRangeUtid, amount: 10, email: recipient(), quantity: 1 };
    let placed: string;
    try {
      const res = await postOrder(t, owner.accessToken, body);
      expect(raced).toBe(true);
      // The sandbox build's statement wrote nothing; the order was built again, for live.
      expect(statements.length).toBe(2);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().sandbox).toBe(false);
      placed = res.json().order_id;
    } finally {
      spy.mockRestore();
    }
    expect((await get(owner, '/api/v1/orders?mode=sandbox')).json().data).toEqual([]);
    const live = (await get(owner, '/api/v1/orders?mode=live')).json().data;
    expect(live.map((o: { order_id: string }) => o.order_id)).toEqual([placed]);
    expect((await get(owner, `/api/v1/orders/${placed}`)).json().sandbox).toBe(false);
    // Taken from the live account: 10.25 of the 100.00 credited (held, or captured by now).
    const balance = (await get(owner, '/api/v1/balance')).json();
    expect(balance.sandbox).toBe(false);
    expect(balance.available_minor).toBe(10_000 - 1025);
  });

  it('refuses a mode that is not live or sandbox with 400 VALIDATION_ERROR naming query.mode', async () => {
    const owner = await signUpVerifiedUser(t);
    for (const url of [
      '/api/v1/orders?mode=test',
      '/api/v1/orders?mode=LIVE',
      '/api/v1/orders/stats?mode=',
      '/api/v1/orders/export?mode=all',
      '/api/v1/dashboard?mode=test',
      '/api/v1/dashboard/charts?mode=Sandbox',
      '/api/v1/analytics?mode=both',
      '/api/v1/analytics/export?mode=%00',
    ]) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details).toEqual([expect.objectContaining({ path: 'query.mode' })]);
    }
  });
});
