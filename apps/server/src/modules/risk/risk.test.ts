import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { joinAs } from '../../../test/factories/members';
import {
  balanceOf,
  claimTokensOf,
  countRows,
  type ProductPick,
  pickProduct,
  postOrder,
  recipient,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { QUEUE_SCHEMA } from '../../plugins/queue';
import { FULFIL_QUEUE } from '../orders';

/**
 * Risk rules and the review queue (issue 37, decision 083) through HTTP into the database: rules
 * and who may change them, hostile input, holds at placement (money held, no job), release and
 * block (exact refund), block rules and sandbox triggers, platform rules, and on PostgreSQL a
 * release racing a block. One app and one organisation per group (decision 019).
 */
let t: TestApp;
let range: ProductPick;
beforeAll(async () => {
  t = await createTestApp();
  range = await pickProduct(t);
});
afterAll(() => t.close());

const rules = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: unknown, id?: string) =>
  t.app.inject({
    method,
    url: `/api/v1/risk/rules${id ? `/${id}` : ''}`,
    headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const decide = (token: string, id: string, decision: 'release' | 'block', key?: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/risk/reviews/${id}/${decision}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const reviewsOf = async (token: string, query = '') =>
  (await t.app.inject({ url: `/api/v1/risk/reviews${query}`, headers: bearer(token) })).json();
const order = (token: string, email: string, amount = range.minValue, key?: string) =>
  postOrder(t, token, { product_code: range.code, amount, email, quantity: 1 }, key);
/** An order of two rewards to a new recipient, fulfilled: two claim links for the claim-side rules. */
async function settledPair(token: string) {
  const two = (
    await postOrder(t, token, { product_code: range.code, amount: range.minValue, email: recipient(), quantity: 2 })
  ).json();
  await settledOrder(t, token, two.order_id);
  return two;
}

async function jobsFor(orderId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(`${QUEUE_SCHEMA}.job`)}
    WHERE name = ${FULFIL_QUEUE} AND data->>'orderId' = ${orderId}`.execute(t.database.db);
  return rows[0]?.n ?? 0;
}
/** Each day's kept total beside the sum of its orders (migration 0146): they must be equal. */
async function dayTotalsOf(organisationId: string) {
  const { rows } = await sql<{ kept: string; sum: string }>`
    SELECT usd_total_minor AS kept, risk_day_sum(organisation_id, day) AS sum FROM risk_daily_totals
    WHERE organisation_id = ${organisationId}`.execute(t.database.db);
  return rows.map((r) => ({ kept: Number(r.kept), sum: Number(r.sum) }));
}
/**
 * Places one order of the smallest amount, then gives the organisation a daily total of `units`
 * such orders (rounded down to the cent); answers one order's charge in minor units.
 */
async function dailyTotalOf(token: string, units: number, action: 'hold' | 'block' = 'hold'): Promise<number> {
  const probe = (await order(token, recipient())).json();
  const unit = probe.charged.total_minor as number;
  const rule = await rules(token, 'POST', {
    kind: 'daily_total_above',
    action,
    amount: Math.floor(unit * units) / 100,
    currency: probe.charged.currency,
  });
  expect(rule.statusCode, rule.body).toBe(201);
  return unit;
}
async function eventsOf(organisationId: string, type: string) {
  return t.database.db
    .selectFrom('events')
    .select('data')
    .where('organisation_id', '=', organisationId)
    .where('type', '=', type)
    .execute();
}

describe(`risk rules (${TEST_DB})`, () => {
  let owner: SignedUpUser;
  let sender: SignedUpUser;
  beforeAll(async () => {
    owner = await signUpVerifiedUser(t);
    sender = await joinAs(t, owner, 'sender');
  });

  it('owners create, read, change and delete them (audited); senders may not; another tenant’s id is 404', async () => {
    const created = await rules(owner.accessToken, 'POST', {
      kind: 'recipient_domain',
      action: 'hold',
      domains: ['Example.ORG', 'example.org', 'spam.test'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().rule;
    expect(rule).toMatchObject({ kind: 'recipient_domain', action: 'hold', match: 'deny', reason: null });
    expect(rule.domains).toEqual(['example.org', 'spam.test']);

    const amount = await rules(owner.accessToken, 'POST', {
      kind: 'amount_above',
      action: 'block',
      amount: '250.5',
      currency: 'USD',
      reason: 'Finance signs off large ones',
    });
    expect(amount.json().rule).toMatchObject({ amount: 250.5, amount_minor: 25050, currency: 'USD' });

    expect((await rules(sender.accessToken, 'POST', { kind: 'disposable_email', action: 'hold' })).statusCode).toBe(
      403,
    );
    expect((await rules(sender.accessToken)).statusCode).toBe(403);

    const changed = await rules(
      owner.accessToken,
      'PUT',
      { kind: 'recipient_domain', action: 'block', domains: ['x.test'] },
      rule.id,
    );
    expect(changed.json().rule).toMatchObject({ id: rule.id, action: 'block', domains: ['x.test'] });
    const otherKind = await rules(owner.accessToken, 'PUT', { kind: 'disposable_email', action: 'hold' }, rule.id);
    expect(otherKind.statusCode).toBe(409);

    const stranger = await signUpVerifiedUser(t);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await rules(
        stranger.accessToken,
        method,
        method === 'PUT' ? { kind: 'recipient_domain', action: 'hold', domains: ['a.test'] } : undefined,
        rule.id,
      );
      expect(res.statusCode, method).toBe(404);
    }
    expect((await rules(stranger.accessToken)).json().data).toEqual([]);

    const listed = (await rules(owner.accessToken)).json().data;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([rule.id, amount.json().rule.id]);
    for (const r of listed) expect((await rules(owner.accessToken, 'DELETE', undefined, r.id)).statusCode).toBe(200);
    expect((await rules(owner.accessToken)).json().data).toEqual([]);

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('organisation_id', '=', owner.organisationId)
      .where(sql<boolean>`action LIKE 'risk_rule.%'`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'risk_rule.created',
      'risk_rule.created',
      'risk_rule.deleted',
      'risk_rule.deleted',
      'risk_rule.updated',
    ]);
  });

  it('hostile input to every field is a 400 and writes nothing', async () => {
    const bad: unknown[] = [
      { kind: 'recipient_domain', action: 'hold', domains: Array.from({ length: 10_000 }, (_, i) => `d${i}.test`) },
      { kind: 'recipient_domain', action: 'hold', domains: ['evil\u0000.test'] },
      { kind: 'recipient_domain', action: 'hold', domains: ['\ud800.test'] },
      { kind: 'recipient_domain', action: 'hold', domains: 'example.com' },
      { kind: 'recipient_domain', action: 'hold', domains: [] },
      { kind: 'recipient_list', action: 'hold', list: 'flag', emails: ['not an email'] },
      { kind: 'recipient_velocity', action: 'hold', max_rewards: 1e12, period_days: 7 },
      { kind: 'recipient_velocity', action: 'hold', max_rewards: '3', period_days: 7 },
      { kind: 'claims_per_address', action: 'hold', max_claims: 2, period_days: 0 },
      { kind: 'amount_above', action: 'hold', amount: '1e3', currency: 'USD' },
      { kind: 'amount_above', action: 'hold', amount: 10, currency: 'XXQ' },
      { kind: 'amount_above', action: 'hold', amount: '0', currency: 'USD' },
      { kind: 'daily_total_above', action: 'hold', amount: '9999999999999', currency: 'USD' },
      { kind: 'disposable_email', action: 'freeze' },
      { kind: 'disposable_email', action: 'hold', reason: 'x'.repeat(201) },
      { kind: 'disposable_email', action: 'hold', reason: 'a\u0007b' },
      { kind: 'disposable_email', action: 'hold', extra: true },
      { kind: 'velocity', action: 'hold' },
      { kind: 42 },
      [],
    ];
    for (const payload of bad) {
      const res = await rules(owner.accessToken, 'POST', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await rules(owner.accessToken, 'DELETE', undefined, id)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await reviewsOf(owner.accessToken, '?cursor=forged.cursor')).code).toBe('VALIDATION_ERROR');
    expect((await reviewsOf(owner.accessToken, '?status=maybe')).code).toBe('VALIDATION_ERROR');
    expect((await rules(owner.accessToken)).json().data).toEqual([]);
  });
});

describe(`holds and decisions (${TEST_DB})`, () => {
  let owner: SignedUpUser;
  beforeAll(async () => {
    owner = await signUpVerifiedUser(t);
    // Every order to held.test waits; every order to blocked.test is refused.
    for (const payload of [
      { kind: 'recipient_domain', action: 'hold', domains: ['held.test'], reason: 'New partner' },
      { kind: 'recipient_domain', action: 'block', domains: ['blocked.test'] },
      { kind: 'recipient_list', action: 'hold', list: 'allow', emails: ['vip@held.test'] },
      { kind: 'recipient_velocity', action: 'hold', max_rewards: 1, period_days: 30 },
      { kind: 'disposable_email', action: 'hold' },
    ]) {
      const res = await rules(owner.accessToken, 'POST', payload);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('a held order is pending_review with its total held and no job; release delivers it', async () => {
    const before = await balanceOf(t, owner.accessToken);
    const res = await order(owner.accessToken, `sam-${Date.now()}@held.test`);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.status).toBe('pending_review');
    const held = await balanceOf(t, owner.accessToken);
    expect(held.held - before.held).toBeCloseTo(placed.charged.total, 2);
    expect(await jobsFor(placed.order_id)).toBe(0);

    const queue = await reviewsOf(owner.accessToken, '?status=pending');
    const review = queue.data.find((r: { order_id: string }) => r.order_id === placed.order_id);
    expect(review).toMatchObject({
      stage: 'order',
      scope: 'organisation',
      status: 'pending',
      held_minor: placed.charged.total_minor,
    });
    expect(review.matched[0].reason).toMatch(/held\.test is on a deny list: New partner/);
    const detail = (
      await t.app.inject({ url: `/api/v1/risk/reviews/${review.id}`, headers: bearer(owner.accessToken) })
    ).json();
    expect(detail.review.recipient_history).toMatchObject({ orders: 1, rewards: 1 });
    // The owners and admins are told, with the way to Review.
    const mail = await waitForEmail(t, owner.email, /^Held for review: /);
    expect(mail.subject).toMatch(
      new RegExp(`^Held for review: \\S+ to ${placed.recipient_email.replace(/[.+]/g, '\\$&')}$`),
    );
    expect(mail.text).toContain('/review');
    const heldEvents = await eventsOf(owner.organisationId, 'reward.held');
    expect(heldEvents.some((e) => (e.data as { review: { id: string } }).review.id === review.id)).toBe(true);

    const released = await decide(owner.accessToken, review.id, 'release', `rel-${review.id}`, {
      note: 'Known partner',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().review).toMatchObject({
      status: 'released',
      note: 'Known partner',
      decided_by_email: owner.user.email,
    });
    const replay = await decide(owner.accessToken, review.id, 'release', `rel-${review.id}`, { note: 'Known partner' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(released.body);
    expect((await decide(owner.accessToken, review.id, 'block')).statusCode).toBe(409);
    expect((await settledOrder(t, owner.accessToken, placed.order_id)).status).toBe('completed');
    expect(await eventsOf(owner.organisationId, 'reward.released')).toHaveLength(1);
  });

  it('block gives the hold back exactly; a block rule refuses with nothing written; the allow list exempts', async () => {
    const before = await balanceOf(t, owner.accessToken);
    const placed = (await order(owner.accessToken, `kim-${Date.now()}@held.test`)).json();
    const review = (await reviewsOf(owner.accessToken, '?status=pending')).data[0];
    expect(review.order_id).toBe(placed.order_id);
    const blocked = await decide(owner.accessToken, review.id, 'block', undefined, { note: 'Not ours' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await balanceOf(t, owner.accessToken)).toEqual(before);
    const detail = (
      await t.app.inject({ url: `/api/v1/orders/${placed.order_id}`, headers: bearer(owner.accessToken) })
    ).json();
    expect(detail).toMatchObject({ status: 'blocked', charged: { released_minor: placed.charged.total_minor } });
    expect(await jobsFor(placed.order_id)).toBe(0);

    const orders = await countRows(t, 'orders', owner.organisationId);
    const refused = await order(owner.accessToken, 'ann@blocked.test', range.minValue, `blk-${Date.now()}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('RISK_BLOCKED');
    expect(await countRows(t, 'orders', owner.organisationId)).toBe(orders);
    expect(await balanceOf(t, owner.accessToken)).toEqual(before);

    const vip = await order(owner.accessToken, 'vip@held.test');
    expect(vip.json().status).toBe('pending');
  });

  it('velocity counts every order to the address; a disposable domain is held; audit lines say who decided', async () => {
    const email = recipient();
    expect((await order(owner.accessToken, email)).json().status).toBe('pending');
    const second = (await order(owner.accessToken, email)).json();
    expect(second.status).toBe('pending_review');
    const disposable = (await order(owner.accessToken, `x${Date.now()}@mailinator.com`)).json();
    expect(disposable.status).toBe('pending_review');
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('organisation_id', '=', owner.organisationId)
      .where(sql<boolean>`action LIKE 'risk_review.%'`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['risk_review.blocked', 'risk_review.released']);
    expect(audit.every((a) => a.actor_user_id === owner.user.id)).toBe(true);
  });

  it('another tenant’s review is 404 to read and to decide', async () => {
    const stranger = await signUpVerifiedUser(t);
    const review = (await reviewsOf(owner.accessToken, '?status=pending')).data[0];
    expect(
      (await t.app.inject({ url: `/api/v1/risk/reviews/${review.id}`, headers: bearer(stranger.accessToken) }))
        .statusCode,
    ).toBe(404);
    expect((await decide(stranger.accessToken, review.id, 'release')).statusCode).toBe(404);
    expect((await decide(owner.accessToken, 'not-a-uuid', 'release')).statusCode).toBe(400);
  });
});

describe(`sandbox triggers and platform rules (${TEST_DB})`, () => {
  it('hold.sandbox.giftrelay.test holds, block.sandbox.giftrelay.test refuses, 13.13 holds', async () => {
    const owner = await signUpVerifiedUser(t);
    expect((await order(owner.accessToken, 'a@hold.sandbox.giftrelay.test')).json().status).toBe('pending_review');
    const refused = await order(owner.accessToken, 'a@block.sandbox.giftrelay.test');
    expect(refused.json().code).toBe('RISK_BLOCKED');
    if (range.minValue <= 13.13 && range.maxValue >= 13.13)
      expect((await order(owner.accessToken, recipient(), 13.13)).json().status).toBe('pending_review');
    const [review] = (await reviewsOf(owner.accessToken)).data.slice(-1);
    expect(review.matched[0]).toMatchObject({ scope: 'sandbox', rule_id: null });
  });

  it('operators hold a domain for every organisation; anyone else does not see the routes', async () => {
    const operator = await makeOperator(t);
    const owner = await signUpVerifiedUser(t);
    const domain = `platform-${Date.now()}.test`;
    const create = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/operator/risk/rules',
        headers: bearer(token),
        payload: { kind: 'recipient_domain', value: domain, action: 'hold', reason: 'Abuse report' },
      });
    expect((await create(owner.accessToken)).statusCode).toBe(404);
    const created = await create(operator.accessToken);
    expect(created.statusCode, created.body).toBe(201);
    expect((await create(operator.accessToken)).statusCode).toBe(409);
    const placed = (await order(owner.accessToken, `z@${domain}`)).json();
    expect(placed.status).toBe('pending_review');
    const review = (await reviewsOf(owner.accessToken)).data[0];
    expect(review).toMatchObject({ scope: 'platform', order_id: placed.order_id });
    expect(review.matched[0].reason).toMatch(/Abuse report/);
    // A sandbox order held by a platform rule: its organisation decides (operators see live ones).
    const queue = await t.app.inject({ url: '/api/v1/operator/risk/reviews', headers: bearer(operator.accessToken) });
    expect(queue.json().data.some((r: { id: string }) => r.id === review.id)).toBe(false);
    expect((await decide(owner.accessToken, review.id, 'block')).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/operator/risk/rules/${created.json().rule.id}`,
      headers: bearer(operator.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    // Both changes are in the audit log of the organisation the operator is signed in to: who,
    // and the rule before and after.
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?area=platform_risk_rule',
      headers: bearer(operator.accessToken),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const lines = audit.json().data as { action: string; actor: { email: string }; detail: Record<string, unknown> }[];
    const rule = { value: domain, action: 'hold', reason: 'Abuse report', created_by_email: operator.user.email };
    expect(lines.map((l) => l.action)).toEqual(['platform_risk_rule.deleted', 'platform_risk_rule.created']);
    expect(lines[1]?.detail).toMatchObject({ before: null, after: rule, by_operator: operator.user.email });
    expect(lines[1]?.actor.email).toBe(operator.user.email);
    expect(lines[0]?.detail).toMatchObject({ before: rule, after: null });
    // A second delete of the same rule is 404 and writes no line.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/operator/risk/rules/${created.json().rule.id}`,
      headers: bearer(operator.accessToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe(`the daily total's kept sum (${TEST_DB})`, () => {
  it('counts an allow-listed order, stops counting a blocked one, and a new day starts from its orders', async () => {
    const owner = await signUpVerifiedUser(t);
    const allowed = recipient();
    expect(
      (
        await rules(owner.accessToken, 'POST', {
          kind: 'recipient_list',
          action: 'hold',
          list: 'allow',
          emails: [allowed],
        })
      ).statusCode,
    ).toBe(201);
    // Three orders of the smallest amount fit, not one more.
    const unit = await dailyTotalOf(owner.accessToken, 3);
    expect((await order(owner.accessToken, allowed)).json().status).toBe('pending');
    const bigger = (await order(owner.accessToken, recipient(), range.minValue * 2)).json();
    expect(bigger.status).toBe('pending_review');
    const review = (await reviewsOf(owner.accessToken, '?status=pending')).data[0];
    expect((await decide(owner.accessToken, review.id, 'block')).statusCode).toBe(200);
    // Blocked, the bigger one no longer counts: a third of the smallest fits.
    expect((await order(owner.accessToken, recipient())).json().status).toBe('pending');
    expect(await dayTotalsOf(owner.organisationId)).toEqual([{ kept: unit * 3, sum: unit * 3 }]);

    // As on a new day, with no row yet: the next order's check makes it from the orders.
    await t.database.db.deleteFrom('risk_daily_totals').where('organisation_id', '=', owner.organisationId).execute();
    expect((await order(owner.accessToken, recipient())).json().status).toBe('pending_review');
    expect(await dayTotalsOf(owner.organisationId)).toEqual([{ kept: unit * 4, sum: unit * 4 }]);
  });
});

describe(`the daily total's rows of past days (${TEST_DB})`, () => {
  it('are swept by housekeeping from the day before yesterday back; today’s and yesterday’s stay', async () => {
    const owner = await signUpVerifiedUser(t);
    await dailyTotalOf(owner.accessToken, 3);
    // Rows of earlier days, as the organisation's orders left them.
    await sql`
      INSERT INTO risk_daily_totals (organisation_id, day, usd_total_minor)
      SELECT ${owner.organisationId}::uuid, (now() AT TIME ZONE 'UTC')::date - d, 100 * d FROM generate_series(1, 3) d`.execute(
      t.database.db,
    );
    // (The workers' own timer may sweep first: either way the rows below are what is left.)
    await t.app.housekeeping.run({ sweep: true });
    const { rows } = await sql<{ ago: number }>`
      SELECT (now() AT TIME ZONE 'UTC')::date - day AS ago FROM risk_daily_totals
      WHERE organisation_id = ${owner.organisationId} ORDER BY day DESC`.execute(t.database.db);
    expect(rows.map((r) => r.ago)).toEqual([0, 1]);
    // Today's count goes on where it was: two more orders fit, the third is held.
    expect((await order(owner.accessToken, recipient())).json().status).toBe('pending');
    expect((await order(owner.accessToken, recipient())).json().status).toBe('pending');
    expect((await order(owner.accessToken, recipient())).json().status).toBe('pending_review');
  });
});

describe.runIf(TEST_DB === 'postgres')('races (postgres)', () => {
  it('orders at the same instant meet velocity and the daily total one after the other', async () => {
    const owner = await signUpVerifiedUser(t);
    expect(
      (
        await rules(owner.accessToken, 'POST', {
          kind: 'recipient_velocity',
          action: 'hold',
          max_rewards: 1,
          period_days: 1,
        })
      ).statusCode,
    ).toBe(201);
    const email = recipient();
    const same = await Promise.all(Array.from({ length: 5 }, () => order(owner.accessToken, email)));
    const statuses = same.map((r) => r.json().status).sort();
    expect(statuses).toEqual(['pending', 'pending_review', 'pending_review', 'pending_review', 'pending_review']);

    // A daily total of two and a half orders, with one placed already: of five at once to five
    // people, exactly one more fits.
    const other = await signUpVerifiedUser(t);
    await dailyTotalOf(other.accessToken, 2.5);
    const racing = await Promise.all(Array.from({ length: 5 }, () => order(other.accessToken, recipient())));
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(racing.map((r) => r.json().status).sort()).toEqual([
      'pending',
      'pending_review',
      'pending_review',
      'pending_review',
      'pending_review',
    ]);
  });

  it('a daily total rule created while orders are written counts every one of them', async () => {
    const owner = await signUpVerifiedUser(t);
    const placing = Array.from({ length: 8 }, () => order(owner.accessToken, recipient()));
    const rule = rules(owner.accessToken, 'POST', {
      kind: 'daily_total_above',
      action: 'hold',
      amount: 1000000,
      currency: 'USD',
    });
    const [created, ...placed] = await Promise.all([rule, ...placing]);
    expect(created?.statusCode, created?.body).toBe(201);
    expect(placed.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    await Promise.all(Array.from({ length: 4 }, () => order(owner.accessToken, recipient())));
    const totals = await dayTotalsOf(owner.organisationId);
    expect(totals).toHaveLength(1);
    expect(totals[0]?.kept).toBe(totals[0]?.sum);
  });

  it('orders racing on the day’s row that end up written nothing are not counted in it', async () => {
    // The daily total counts an order in its day's row before the order is written (decision 097);
    // a block, or a key already answered, writes nothing and must take it back in the same statement.
    const owner = await signUpVerifiedUser(t);
    const unit = await dailyTotalOf(owner.accessToken, 3.5, 'block');
    const key = `k-${recipient()}`;
    const email = recipient();
    const racing = await Promise.all([
      ...Array.from({ length: 6 }, () => order(owner.accessToken, recipient())),
      ...Array.from({ length: 3 }, () => order(owner.accessToken, email, range.minValue, key)),
    ]);
    const codes = racing.map((r) => r.statusCode);
    // Two more orders fit beside the first; every other one is refused (422) or waits on its key (409).
    expect(codes.filter((c) => c === 201 || c === 200).length, racing.map((r) => r.body).join('\n')).toBeGreaterThan(0);
    expect(codes.every((c) => [200, 201, 409, 422].includes(c))).toBe(true);
    const written = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisation_id', '=', owner.organisationId)
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(3);
    // The key's replays answer what its first request did, and count nothing again.
    await Promise.all(Array.from({ length: 3 }, () => order(owner.accessToken, email, range.minValue, key)));
    expect(await dayTotalsOf(owner.organisationId)).toEqual([{ kept: unit * 3, sum: unit * 3 }]);
  });

  it('a release racing a block settles one way: one 200, one 409, the money once', async () => {
    const owner = await signUpVerifiedUser(t);
    const admin = await joinAs(t, owner, 'admin');
    const before = await balanceOf(t, owner.accessToken);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await order(owner.accessToken, `r${i}@hold.sandbox.giftrelay.test`)).json().order_id);
    const reviews = (await reviewsOf(owner.accessToken)).data;
    const outcomes = await Promise.all(
      reviews.flatMap((r: { id: string }) => [
        decide(owner.accessToken, r.id, 'release'),
        decide(admin.accessToken, r.id, 'block'),
      ]),
    );
    const codes = outcomes.map((o) => o.statusCode).sort();
    expect(codes, outcomes.map((o) => o.body).join('\n')).toEqual([200, 200, 200, 200, 409, 409, 409, 409]);
    const statuses = await t.database.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute();
    const blocked = statuses.filter((s) => s.status === 'blocked').length;
    const decided = (await reviewsOf(owner.accessToken)).data;
    expect(decided.filter((r: { status: string }) => r.status === 'blocked')).toHaveLength(blocked);
    for (const s of statuses) expect(await jobsFor(s.id)).toBe(s.status === 'blocked' ? 0 : 1);
    // Every blocked order's hold came back, no more: the balance is what the released ones cost.
    const spent = reviews
      .filter((r: { order_id: string }) => statuses.find((s) => s.id === r.order_id)?.status !== 'blocked')
      .reduce((sum: number, r: { held_minor: number }) => sum + r.held_minor, 0);
    const after = await balanceOf(t, owner.accessToken);
    expect(Math.round((before.available - after.available) * 100)).toBe(spent);
  });
});

describe(`claim-side rules (${TEST_DB})`, () => {
  it('a claim from another country, or one address claiming too many, shows no code until released', async () => {
    const owner = await signUpVerifiedUser(t);
    for (const payload of [
      { kind: 'claim_country_mismatch', action: 'hold' },
      { kind: 'claims_per_address', action: 'hold', max_claims: 1, period_days: 1 },
    ])
      expect((await rules(owner.accessToken, 'POST', payload)).statusCode).toBe(201);
    const delivered = async () => {
      const placed = (await order(owner.accessToken, recipient())).json();
      await settledOrder(t, owner.accessToken, placed.order_id);
      const [token] = await claimTokensOf(t, placed.order_id);
      return token as string;
    };
    const open = (token: string, remoteAddress: string) =>
      t.app.inject({ url: `/api/v1/claims/${token}`, remoteAddress }).then((r) => r.json());

    // The first reward from an address: shown. A second from the same address: held.
    const first = await open(await delivered(), '127.0.0.1');
    expect(first.status).toBe('issued');
    expect(first.code).not.toBeNull();
    const secondToken = await delivered();
    const second = await open(secondToken, '127.0.0.1');
    expect(second).toMatchObject({ status: 'pending_review', code: null, pin: null, redemption_url: null });

    // From Great Britain, for a US card: held, with the country on the review.
    const abroad = await open(await delivered(), '81.2.69.142');
    expect(abroad).toMatchObject({ status: 'pending_review', code: null });
    const queue = (await reviewsOf(owner.accessToken, '?status=pending')).data;
    expect(queue).toHaveLength(2);
    const gb = queue.find((r: { claim: { country: string } }) => r.claim.country === 'GB');
    expect(gb).toMatchObject({ stage: 'claim', claim: { ip: '81.2.69.142', reward_country: 'US' } });
    expect(gb.matched[0].kind).toBe('claim_country_mismatch');

    // Released: the page shows the code.
    const local = queue.find((r: { id: string }) => r.id !== gb.id);
    expect((await decide(owner.accessToken, local.id, 'release')).statusCode).toBe(200);
    const shown = await open(secondToken, '127.0.0.1');
    expect(shown.status).toBe('issued');
    expect(shown.code).not.toBeNull();
  });
});

describe(`a block at the claim (${TEST_DB})`, () => {
  it('cancels the card and refunds its exact share; an opened one says why nothing came back', async () => {
    const owner = await signUpVerifiedUser(t);
    expect(
      (
        await rules(owner.accessToken, 'POST', {
          kind: 'claims_per_address',
          action: 'block',
          max_claims: 1,
          period_days: 1,
        })
      ).statusCode,
    ).toBe(201);
    const two = await settledPair(owner.accessToken);
    const [first, second] = (await claimTokensOf(t, two.order_id)) as string[];
    const open = (token: string) =>
      t.app.inject({ url: `/api/v1/claims/${token}`, remoteAddress: '203.0.113.7' }).then((r) => r.json());
    // One reward from the address is shown; the second reward from it is held.
    expect((await open(first as string)).code).not.toBeNull();
    expect(await open(second as string)).toMatchObject({ status: 'pending_review', code: null });
    const review = (await reviewsOf(owner.accessToken, '?status=pending')).data[0];
    expect(review).toMatchObject({ stage: 'claim', order_id: two.order_id, refund: null });
    const mail = await waitForEmail(t, owner.email, /^Held for review: a claim/);
    expect(mail.text).toContain('203.0.113.7');
    // The reward's share: its part of the subtotal and of the fee, as a void refunds it.
    const order2 = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', two.order_id)
      .executeTakeFirstOrThrow();
    const share = (total: number, i: number) => Math.floor(total / 2) + (i < total % 2 ? 1 : 0);
    const position = (
      await t.database.db
        .selectFrom('rewards')
        .select('position')
        .where('id', '=', review.reward_id)
        .executeTakeFirstOrThrow()
    ).position;
    const expected =
      share(Number(order2.charged_subtotal_minor), position - 1) +
      share(Number(order2.charged_fee_minor), position - 1);
    expect(review.held_minor).toBe(expected);

    const before = await balanceOf(t, owner.accessToken);
    const key = `blk-claim-${review.id}`;
    const blocked = await decide(owner.accessToken, review.id, 'block', key, { note: 'Shared device' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().review).toMatchObject({
      status: 'blocked',
      refund: { state: 'refunded', refunded_minor: expected, note: null },
    });
    const after = await balanceOf(t, owner.accessToken);
    expect(Math.round((after.available - before.available) * 100)).toBe(expected);
    expect(after.held).toBe(before.held);
    // The ledger holds one refund line for it, of exactly that.
    const refunds = await t.database.db
      .selectFrom('ledger_entries')
      .select(['description'])
      .where('order_id', '=', two.order_id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds.map((r) => r.description)).toEqual([`Reward ${position} of 2 blocked: refunded`]);
    // The replay answers what the first request did; a second block is 409 and refunds nothing.
    const replay = await decide(owner.accessToken, review.id, 'block', key, { note: 'Shared device' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(blocked.body);
    expect((await decide(owner.accessToken, review.id, 'block')).statusCode).toBe(409);
    expect(await balanceOf(t, owner.accessToken)).toEqual(after);
    // The recipient sees the neutral word, no code; the order counts the reward voided.
    expect(await open(second as string)).toMatchObject({ status: 'blocked', code: null });
    const detail = (
      await t.app.inject({ url: `/api/v1/orders/${two.order_id}`, headers: bearer(owner.accessToken) })
    ).json();
    expect(detail.status).toBe('completed');
    expect(detail.charged.released_minor).toBe(expected);
    expect((await eventsOf(owner.organisationId, 'reward.voided')).length).toBe(1);

    // Opened before the hold (the same reward again from the address, now its second): held, and
    // a block refunds nothing and says why.
    expect(await open(first as string)).toMatchObject({ status: 'pending_review', code: null });
    const opened = (await reviewsOf(owner.accessToken, '?status=pending')).data[0];
    const kept = await decide(owner.accessToken, opened.id, 'block');
    expect(kept.json().review.refund).toMatchObject({ state: 'not_refunded', refunded_minor: 0 });
    expect(kept.json().review.refund.note).toMatch(/^Opened before it was held/);
    expect(await balanceOf(t, owner.accessToken)).toEqual(after);
  });

  it('a sandbox reward blocked after its organisation went live says nothing came back', async () => {
    const owner = await signUpVerifiedUser(t);
    const rule = { kind: 'claims_per_address', action: 'block', max_claims: 1, period_days: 1 };
    expect((await rules(owner.accessToken, 'POST', rule)).statusCode).toBe(201);
    const two = await settledPair(owner.accessToken);
    const open = (token: string) =>
      t.app.inject({ url: `/api/v1/claims/${token}`, remoteAddress: '203.0.113.9' }).then((r) => r.json());
    for (const token of (await claimTokensOf(t, two.order_id)) as string[]) await open(token);
    const review = (await reviewsOf(owner.accessToken, '?status=pending')).data[0];
    expect(review).toMatchObject({ stage: 'claim', sandbox: true });
    // Live as an operator's approval makes it (setLive, decision 045): this app has no real
    // provider to go live through the API (reward-review.test.ts does, with a fake Tango).
    await t.database.db
      .updateTable('organisations')
      .set({ sandbox: false, live_since: new Date() })
      .where('id', '=', owner.organisationId)
      .execute();
    const blocked = await decide(owner.accessToken, review.id, 'block');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().review.refund).toMatchObject({ state: 'not_refunded', refunded: 0, refunded_minor: 0 });
    expect(blocked.json().review.refund.note).toMatch(/play money/);
    const refunds = await t.database.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('order_id', '=', two.order_id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toEqual([]);
  });
});

describe(`batches (${TEST_DB})`, () => {
  it('a batch’s rows meet the same rules: the held one waits with no job, the others go', async () => {
    const owner = await signUpVerifiedUser(t);
    const held = `b-${Date.now()}@hold.sandbox.giftrelay.test`;
    const rows = [
      { email: held, amount: range.minValue, product_code: range.code },
      { email: `c-${Date.now()}@hold.sandbox.giftrelay.test`, amount: range.minValue, product_code: range.code },
      { email: recipient(), amount: range.minValue, product_code: range.code },
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': `batch-${Date.now()}` },
      payload: { rows },
    });
    expect(res.statusCode, res.body).toBe(202);
    const review = await eventually(async () =>
      (await reviewsOf(owner.accessToken)).data.find((r: { recipient_email: string }) => r.recipient_email === held),
    );
    expect(review).toMatchObject({ stage: 'order', status: 'pending' });
    // One email for the batch's two held orders, not one each.
    const mail = await waitForEmail(t, owner.email, /^Held for review: /);
    expect(mail.subject).toBe('Held for review: 2 orders of a batch');
    const { rows: sent } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM mailbox_messages WHERE to_address = ${owner.email} AND subject LIKE 'Held for review%'`.execute(
      t.database.db,
    );
    expect(sent[0]?.n).toBe(1);
    expect(await jobsFor(review.order_id)).toBe(0);
    const before = await balanceOf(t, owner.accessToken);
    expect((await decide(owner.accessToken, review.id, 'block')).statusCode).toBe(200);
    const after = await balanceOf(t, owner.accessToken);
    expect(Math.round((after.available - before.available) * 100)).toBe(review.held_minor);
  });
});
