import { randomUUID } from 'node:crypto';
import { cardFundingFee } from '@giftrelay/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseValidator, type OpenApiDocument } from '../../../test/contract/validate';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import { parsedEventsOf } from '../../../test/factories/events';
import { pickProduct, recipient } from '../../../test/factories/orders';
import { FakeStripe } from '../../../test/fake-stripe';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { ensureOrgAccounts, postEntry } from '../ledger';

/**
 * Card funding with Stripe (issue 17, decision 046), through HTTP into a real database, against a
 * fake Stripe at its HTTP edge; webhooks signed the way the SDK signs them.
 */

/**
 * TEST SETUP, to be swapped for the go-live factory (decision 045: an owner asks, an operator
 * approves) once it is settled: marks the organisation live by hand, closing its sandbox accounts
 * and opening live ones at zero, as going live does.
 */
async function makeLiveForTest(t: TestApp, organisationId: string) {
  await t.database.db.transaction().execute(async (tx) => {
    await sql`UPDATE organisations SET sandbox = false, live_since = now() WHERE id = ${organisationId}`.execute(tx);
    await sql`UPDATE ledger_accounts SET closed_at = now() WHERE organisation_id = ${organisationId} AND closed_at IS NULL`.execute(
      tx,
    );
    await ensureOrgAccounts(tx, organisationId, 'USD');
  });
}

let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = new FakeStripe();
  await fake.start();
  t = await createTestApp({ env: fake.env() });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

async function liveOwner(): Promise<SignedUpUser> {
  const owner = await signUpVerifiedUser(t);
  await makeLiveForTest(t, owner.organisationId);
  return owner;
}

async function startCheckout(user: SignedUpUser, amount: number | string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/balance/checkout-sessions',
    headers: bearer(user.accessToken),
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  const checkout = res.json();
  const stripeId = String(checkout.url).split('/pay/')[1] as string;
  return { checkout, stripeId };
}

/** Posts `payload` to the webhook as Stripe would, signed unless `signature` says otherwise. */
function deliverRaw(payload: string, signature: string | null = fake.sign(payload)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}
async function deliver(event: object) {
  const res = await deliverRaw(JSON.stringify(event, null, 2));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; duplicate: boolean };
}
const completed = (stripeId: string) =>
  fake.event('checkout.session.completed', { ...fake.sessions.get(stripeId), line_items_requested: undefined });

async function available(user: SignedUpUser) {
  const res = await t.app.inject({ url: '/api/v1/balance', headers: bearer(user.accessToken) });
  return res.json().available_minor as number;
}
async function funding(user: SignedUpUser) {
  const res = await t.app.inject({ url: '/api/v1/balance/card-funding', headers: bearer(user.accessToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function countOf(table: string, where = sql`true`) {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(
    t.database.db,
  );
  return rows[0]?.n ?? 0;
}
const eventsOf = async (organisationId: string, type: string) =>
  countOf('events', sql`organisation_id = ${organisationId} AND type = ${type}`);

/** A top-up paid and credited: the checkout, the hosted page's Pay, the completion webhook. */
async function toppedUp(user: SignedUpUser, amount: number) {
  const { checkout, stripeId } = await startCheckout(user, amount);
  fake.pay(stripeId);
  await deliver(completed(stripeId));
  return { checkout, stripeId };
}

describe(`card funding with Stripe (${TEST_DB})`, () => {
  it('starts a Stripe Checkout through the SDK: amount and fee as two lines, our id in the metadata, an idempotency key; nothing credited yet', async () => {
    const owner = await liveOwner();
    expect(await funding(owner)).toMatchObject({
      available: true,
      min_amount: 10,
      max_amount: 25000,
      fee_rate: '2.9% + 0.30',
      sending_frozen: false,
      shortfall_minor: 0,
    });
    const { checkout, stripeId } = await startCheckout(owner, '100.00');
    expect(checkout).toMatchObject({
      status: 'open',
      currency: 'USD',
      amount: 100,
      fee: 3.2,
      total: 103.2,
      amount_minor: 10_000,
      fee_minor: 320,
      total_minor: 10_320,
      completed_at: null,
    });
    expect(checkout.url).toMatch(/\/pay\/cs_test_/);
    const call = fake.requests.filter((r) => r.method === 'POST').at(-1);
    expect(call?.idempotencyKey).toBe(`giftrelay-checkout-${checkout.id}`);
    expect(call?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: checkout.id,
      metadata: { giftrelay_checkout_id: checkout.id, organisation_id: owner.organisationId },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '10000' } },
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '320' } },
      ],
      cancel_url: expect.stringContaining('/billing?checkout=cancelled'),
    });
    expect(String(call?.form.success_url)).toContain('/billing?checkout=success');
    expect(String(call?.form.success_url)).toContain('session_id={CHECKOUT_SESSION_ID}');
    expect(await available(owner)).toBe(0);
    // The return page asks by our id or by Stripe's.
    for (const id of [checkout.id, stripeId]) {
      const read = await t.app.inject({
        url: `/api/v1/balance/checkout-sessions/${id}`,
        headers: bearer(owner.accessToken),
      });
      expect(read.json()).toMatchObject({ id: checkout.id, status: 'open' });
    }
    // Another organisation's checkout does not exist for them.
    const other = await liveOwner();
    const peek = await t.app.inject({
      url: `/api/v1/balance/checkout-sessions/${checkout.id}`,
      headers: bearer(other.accessToken),
    });
    expect(peek.statusCode).toBe(404);
  });

  it('credits once from checkout.session.completed: a repeated delivery and a second success event of the session change nothing', async () => {
    const owner = await liveOwner();
    const { checkout, stripeId } = await startCheckout(owner, 250);
    fake.pay(stripeId);
    const event = completed(stripeId);
    expect(await deliver(event)).toEqual({ success: true, duplicate: false });
    expect(await deliver(event)).toEqual({ success: true, duplicate: true });
    await deliver(fake.event('checkout.session.async_payment_succeeded', event.data.object));
    expect(await available(owner)).toBe(25_000);
    expect(
      await countOf(
        'ledger_entries',
        sql`organisation_id = ${owner.organisationId} AND kind = 'funding' AND description LIKE 'Card top-up%'`,
      ),
    ).toBe(1);
    expect(await eventsOf(owner.organisationId, 'balance.funded')).toBe(1);
    const read = await t.app.inject({
      url: `/api/v1/balance/checkout-sessions/${checkout.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(read.json()).toMatchObject({ status: 'completed', url: null, completed_at: expect.any(String) });
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=balance.topped_up',
      headers: bearer(owner.accessToken),
    });
    expect(audit.json().data).toHaveLength(1);
  });

  it('refuses a forged, re-signed, stale or missing signature with 400 INVALID_SIGNATURE and writes nothing', async () => {
    const owner = await liveOwner();
    const { stripeId } = await startCheckout(owner, 50);
    fake.pay(stripeId);
    const payload = JSON.stringify(completed(stripeId));
    const tampered = payload.replace('"amount_total":5175', '"amount_total":9999999');
    const cases: [string, string, string | null][] = [
      ['another secret', payload, fake.sign(payload, { secret: 'whsec_notTheRightSecret123' })],
      ['a body changed after signing', payload.replace(stripeId, `${stripeId}x`), fake.sign(payload)],
      ['stale (10 minutes old)', payload, fake.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ['missing', payload, null],
      ['garbage', payload, 't=1,v1=deadbeef'],
      ['tampered amount', tampered, fake.sign(payload)],
    ];
    const before = await countOf('stripe_events');
    for (const [label, body, signature] of cases) {
      const res = await deliverRaw(body, signature);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    }
    expect(await countOf('stripe_events')).toBe(before);
    expect(await available(owner)).toBe(0);
  });

  it('a refund before the completion: the session is looked up through the SDK, credited once, then debited', async () => {
    const owner = await liveOwner();
    const { checkout, stripeId } = await startCheckout(owner, 100);
    fake.pay(stripeId);
    const charge = fake.refund(stripeId, 4000);
    await deliver(fake.event('charge.refunded', charge));
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.query.get('payment_intent') === charge.payment_intent),
    ).toBe(true);
    expect(await available(owner)).toBe(6000);
    // The completion arrives late: already credited.
    await deliver(completed(stripeId));
    expect(await available(owner)).toBe(6000);
    expect(
      await countOf(
        'ledger_entries',
        sql`organisation_id = ${owner.organisationId} AND kind = 'funding' AND description LIKE 'Card top-up%'`,
      ),
    ).toBe(1);
    const read = await t.app.inject({
      url: `/api/v1/balance/checkout-sessions/${checkout.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(read.json().status).toBe('completed');
  });

  it('refunds partial then full: cumulative amount_refunded debits only the increase, never past the amount credited; an older snapshot debits nothing', async () => {
    const owner = await liveOwner();
    const { stripeId } = await toppedUp(owner, 100);
    const partial = fake.refund(stripeId, 3000);
    await deliver(fake.event('charge.refunded', partial));
    expect(await available(owner)).toBe(7000);
    const full = fake.refund(stripeId, 1_000_000); // the whole charge, fee included
    expect(full.amount_refunded).toBe(10_000 + cardFundingFee(10_000));
    await deliver(fake.event('charge.refunded', full));
    expect(await available(owner)).toBe(0);
    // The partial refund's snapshot again, under a new event id: nothing new.
    await deliver(fake.event('charge.refunded', partial));
    expect(await available(owner)).toBe(0);
    expect(
      await countOf('ledger_entries', sql`organisation_id = ${owner.organisationId} AND kind = 'card_refund'`),
    ).toBe(2);
    expect(await eventsOf(owner.organisationId, 'balance.debited')).toBe(2);
    expect((await funding(owner)).sending_frozen).toBe(false);
  });

  it('a dispute debits at once and a won dispute gives it back, once; an inquiry moves nothing', async () => {
    const owner = await liveOwner();
    const { stripeId } = await toppedUp(owner, 200);
    const inquiry = fake.dispute(stripeId, { status: 'warning_needs_response' });
    await deliver(fake.event('charge.dispute.created', inquiry));
    expect(await available(owner)).toBe(20_000);
    const dispute = fake.dispute(stripeId);
    const created = fake.event('charge.dispute.created', dispute);
    await deliver(created);
    await deliver(fake.event('charge.dispute.created', dispute)); // the same dispute, another event id
    expect(await available(owner)).toBe(0);
    expect(await countOf('ledger_entries', sql`organisation_id = ${owner.organisationId} AND kind = 'dispute'`)).toBe(
      1,
    );
    const won = fake.event('charge.dispute.closed', { ...dispute, status: 'won' });
    await deliver(won);
    await deliver(fake.event('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect(await available(owner)).toBe(20_000);
    expect(
      await countOf('ledger_entries', sql`organisation_id = ${owner.organisationId} AND kind = 'dispute_won'`),
    ).toBe(1);

    // Out of order: a dispute won before its creation arrives takes nothing, then or later.
    const { stripeId: second } = await toppedUp(owner, 100);
    const late = fake.dispute(second);
    await deliver(fake.event('charge.dispute.closed', { ...late, status: 'won' }));
    await deliver(fake.event('charge.dispute.created', late));
    expect(await available(owner)).toBe(30_000);
  });

  it('an inquiry escalated to a chargeback is debited when Stripe withdraws the funds, once; reinstated funds come back once', async () => {
    const owner = await liveOwner();
    const { stripeId } = await toppedUp(owner, 150);
    const inquiry = fake.dispute(stripeId, { status: 'warning_needs_response' });
    await deliver(fake.event('charge.dispute.created', inquiry));
    expect(await available(owner)).toBe(15_000);
    const escalated = { ...inquiry, status: 'needs_response' };
    await deliver(fake.event('charge.dispute.updated', escalated));
    await deliver(fake.event('charge.dispute.funds_withdrawn', escalated));
    await deliver(fake.event('charge.dispute.funds_withdrawn', escalated)); // another event id
    await deliver(fake.event('charge.dispute.created', escalated)); // a chargeback sending both
    expect(await available(owner)).toBe(0);
    expect(await countOf('ledger_entries', sql`organisation_id = ${owner.organisationId} AND kind = 'dispute'`)).toBe(
      1,
    );
    await deliver(fake.event('charge.dispute.funds_reinstated', escalated));
    await deliver(fake.event('charge.dispute.closed', { ...escalated, status: 'won' }));
    expect(await available(owner)).toBe(15_000);
    expect(
      await countOf('ledger_entries', sql`organisation_id = ${owner.organisationId} AND kind = 'dispute_won'`),
    ).toBe(1);
  });

  it('a debit beyond the balance takes what is there, freezes sending (402 SENDING_FROZEN), emails the owner; top-ups pay the shortfall first and unfreeze', async () => {
    const owner = await liveOwner();
    const { stripeId } = await toppedUp(owner, 100);
    // 80.00 of it is held by orders in flight (as an order's hold would).
    await t.database.db.transaction().execute((tx) =>
      postEntry(tx, {
        organisationId: owner.organisationId,
        kind: 'hold',
        currency: 'USD',
        orderId: randomUUID(),
        description: 'Order hold',
        postings: [
          { account: 'available', amountMinor: -8000 },
          { account: 'held', amountMinor: 8000 },
        ],
      }),
    );
    await deliver(fake.event('charge.dispute.created', fake.dispute(stripeId)));
    expect(await available(owner)).toBe(0);
    expect(await funding(owner)).toMatchObject({ sending_frozen: true, shortfall_minor: 8000, shortfall: 80 });
    const mail = await waitForEmail(t, owner.email, /Sending is paused/);
    expect(mail.text).toContain('$80.00');
    expect(await eventsOf(owner.organisationId, 'balance.frozen')).toBe(1);

    const product = await pickProduct(t);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer(owner.accessToken),
      payload: { product_code: product.code, amount: 10, email: recipient(), quantity: 1 },
    });
    expect(order.statusCode, order.body).toBe(402);
    expect(order.json().code).toBe('SENDING_FROZEN');
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: { rows: [{ product_code: product.code, amount: 10, email: recipient() }] },
    });
    expect(batch.statusCode, batch.body).toBe(402);
    expect(batch.json().code).toBe('SENDING_FROZEN');

    // 50.00 pays 50.00 of the 80.00 owed: still frozen, nothing available.
    await toppedUp(owner, 50);
    expect(await available(owner)).toBe(0);
    expect(await funding(owner)).toMatchObject({ sending_frozen: true, shortfall_minor: 3000 });
    // 50.00 more pays the rest: 20.00 left to spend, sending resumes.
    await toppedUp(owner, 50);
    expect(await available(owner)).toBe(2000);
    expect(await funding(owner)).toMatchObject({ sending_frozen: false, shortfall_minor: 0, frozen_at: null });
    expect(await eventsOf(owner.organisationId, 'balance.unfrozen')).toBe(1);
    // Each of the four types this made, read through the API and held to its schema (decision 066).
    const funded = await parsedEventsOf(t, owner.accessToken, 'balance.funded');
    expect(funded.map((e) => e.data.source)).toContain('card');
    expect(funded.some((e) => (e.data.shortfall_paid_minor ?? 0) > 0)).toBe(true);
    expect((await parsedEventsOf(t, owner.accessToken, 'balance.debited'))[0]?.data.reason).toBeDefined();
    expect(await parsedEventsOf(t, owner.accessToken, 'balance.frozen')).toHaveLength(1);
    expect(await parsedEventsOf(t, owner.accessToken, 'balance.unfrozen')).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer(owner.accessToken),
      payload: { product_code: product.code, amount: 10, email: recipient(), quantity: 1 },
    });
    expect(again.json().code).not.toBe('SENDING_FROZEN');
  });

  it('an expired checkout is closed; a paid session that does not match its checkout is not credited', async () => {
    const owner = await liveOwner();
    const lapsed = await startCheckout(owner, 40);
    await deliver(fake.event('checkout.session.expired', { ...fake.sessions.get(lapsed.stripeId), status: 'expired' }));
    const read = await t.app.inject({
      url: `/api/v1/balance/checkout-sessions/${lapsed.checkout.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(read.json()).toMatchObject({ status: 'expired', url: null });

    const { stripeId } = await startCheckout(owner, 60);
    fake.pay(stripeId);
    const wrong = completed(stripeId);
    (wrong.data.object as { amount_total: number }).amount_total = 1;
    await deliver(wrong);
    expect(await available(owner)).toBe(0);
    expect(t.loggedErrors.join('\n')).toContain('does not match its checkout');
    t.loggedErrors.length = 0;
    // The right one still credits.
    await deliver(completed(stripeId));
    expect(await available(owner)).toBe(6000);
  });

  it('a sandbox organisation is refused with 409 ORGANISATION_NOT_LIVE and told why', async () => {
    const user = await signUpVerifiedUser(t);
    expect(await funding(user)).toMatchObject({ available: false, unavailable_reason: 'sandbox' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/balance/checkout-sessions',
      headers: bearer(user.accessToken),
      payload: { amount: 100 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORGANISATION_NOT_LIVE');
    expect(await countOf('stripe_checkout_sessions', sql`organisation_id = ${user.organisationId}`)).toBe(0);
  });

  it('hostile input: amounts out of range or malformed, bodies that are not JSON, events that are not ours', async () => {
    const owner = await liveOwner();
    for (const amount of [9.99, 25_000.01, '10.001', -5, 'abc', '1e3', null, '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/balance/checkout-sessions',
        headers: bearer(owner.accessToken),
        payload: { amount },
      });
      expect(res.statusCode, `amount ${amount}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await countOf('stripe_checkout_sessions', sql`organisation_id = ${owner.organisationId}`)).toBe(0);

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 't=1,v1=x' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
    const notJson = 'not json at all';
    const res = await deliverRaw(notJson, fake.sign(notJson));
    expect(res.statusCode).toBe(400);
    // A well-signed event of a kind we do not handle, and a payment that is not ours: 200, ignored.
    const before = await countOf('stripe_events');
    expect((await deliverRaw(JSON.stringify(fake.event('customer.created', { id: 'cus_1' })))).statusCode).toBe(200);
    expect(await countOf('stripe_events')).toBe(before);
    const stranger = fake.event('checkout.session.completed', {
      id: 'cs_test_stranger',
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: { giftrelay_checkout_id: randomUUID() },
      amount_total: 100,
      currency: 'usd',
    });
    expect(await deliver(stranger)).toEqual({ success: true, duplicate: false });
  });

  it('a Stripe outage answers 503 SERVICE_UNAVAILABLE and leaves nothing open', async () => {
    const owner = await liveOwner();
    fake.failNext(3); // the first call and the SDK's two retries
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/balance/checkout-sessions',
      headers: bearer(owner.accessToken),
      payload: { amount: 20 },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    // A 5xx is logged as an error by design (plugins/errors.ts): expected here.
    expect(t.loggedErrors.join('\n')).toContain('Stripe did not start the checkout');
    t.loggedErrors.length = 0;
    expect(
      await countOf('stripe_checkout_sessions', sql`organisation_id = ${owner.organisationId} AND status = 'open'`),
    ).toBe(0);
  });

  it('answers only what the OpenAPI document describes', async () => {
    const validate = createResponseValidator(
      (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument,
    );
    const owner = await liveOwner();
    const sandbox = await signUpVerifiedUser(t);
    const { checkout, stripeId } = await startCheckout(owner, 20);
    fake.pay(stripeId);
    const payload = JSON.stringify(completed(stripeId));
    const requests: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: unknown }[] = [
      { method: 'GET', url: '/api/v1/balance/card-funding', headers: bearer(owner.accessToken) },
      { method: 'GET', url: `/api/v1/balance/checkout-sessions/${checkout.id}`, headers: bearer(owner.accessToken) },
      { method: 'GET', url: '/api/v1/balance/checkout-sessions/not-an-id', headers: bearer(owner.accessToken) },
      { method: 'GET', url: `/api/v1/balance/checkout-sessions/${randomUUID()}`, headers: bearer(owner.accessToken) },
      {
        method: 'POST',
        url: '/api/v1/balance/checkout-sessions',
        headers: bearer(owner.accessToken),
        payload: { amount: 30 },
      },
      {
        method: 'POST',
        url: '/api/v1/balance/checkout-sessions',
        headers: bearer(owner.accessToken),
        payload: { amount: 1 },
      },
      {
        method: 'POST',
        url: '/api/v1/balance/checkout-sessions',
        headers: bearer(sandbox.accessToken),
        payload: { amount: 30 },
      },
      { method: 'POST', url: '/api/v1/balance/checkout-sessions', payload: { amount: 30 } },
      {
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
        payload,
      },
      { method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json' }, payload },
    ];
    const problems: string[] = [];
    for (const r of requests) {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        headers: r.headers,
        payload: r.payload as string,
      });
      problems.push(
        ...validate({
          method: r.method,
          url: r.url,
          status: res.statusCode,
          contentType: res.headers['content-type'] as string | undefined,
          body: res.body,
        }),
      );
    }
    expect(problems).toEqual([]);
  });

  it.runIf(TEST_DB === 'postgres')(
    'a dispute racing orders of the same organisation: no deadlock, and the journal agrees with the balances',
    async () => {
      const owner = await liveOwner();
      const { stripeId } = await toppedUp(owner, 1000);
      const product = await pickProduct(t);
      const dispute = fake.event('charge.dispute.created', fake.dispute(stripeId, { amount: 50_000 }));
      const orders = Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: bearer(owner.accessToken),
          payload: { product_code: product.code, amount: 25, email: recipient(), quantity: 1 },
        }),
      );
      const [hook, ...placed] = await Promise.all([deliverRaw(JSON.stringify(dispute)), ...orders]);
      expect(hook.statusCode, hook.body).toBe(200);
      for (const res of placed) expect(res.statusCode, res.body).toBeLessThan(500);
      const { rows } = await sql<{ kind: string; running: string; replayed: string }>`
        SELECT a.kind, a.balance_minor AS running, coalesce(sum(p.amount_minor), 0) AS replayed
        FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
        WHERE a.organisation_id = ${owner.organisationId} AND a.closed_at IS NULL
        GROUP BY a.id, a.kind, a.balance_minor`.execute(t.database.db);
      for (const r of rows) expect(Number(r.running), r.kind).toBe(Number(r.replayed));
    },
  );

  it.runIf(TEST_DB === 'postgres')(
    'concurrent duplicate deliveries, and both success events at once, credit once',
    async () => {
      const owner = await liveOwner();
      const { stripeId } = await startCheckout(owner, 300);
      fake.pay(stripeId);
      const event = completed(stripeId);
      const other = fake.event('checkout.session.async_payment_succeeded', event.data.object);
      const payloads = [...Array.from({ length: 6 }, () => JSON.stringify(event)), JSON.stringify(other)];
      const answers = await Promise.all(payloads.map((p) => deliverRaw(p)));
      expect(answers.map((a) => a.statusCode)).toEqual(payloads.map(() => 200));
      expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(2);
      expect(await available(owner)).toBe(30_000);
      expect(
        await countOf(
          'ledger_entries',
          sql`organisation_id = ${owner.organisationId} AND kind = 'funding' AND description LIKE 'Card top-up%'`,
        ),
      ).toBe(1);
    },
  );
});

describe(`card funding without Stripe configured (${TEST_DB})`, () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  }, 120_000);
  afterAll(() => bare?.close());

  it('answers 409 CARD_FUNDING_UNAVAILABLE to a live organisation and to the webhook', async () => {
    const owner = await signUpVerifiedUser(bare);
    await makeLiveForTest(bare, owner.organisationId);
    const info = await bare.app.inject({ url: '/api/v1/balance/card-funding', headers: bearer(owner.accessToken) });
    expect(info.json()).toMatchObject({ available: false, unavailable_reason: 'not_configured' });
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/balance/checkout-sessions',
      headers: bearer(owner.accessToken),
      payload: { amount: 100 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CARD_FUNDING_UNAVAILABLE');
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(409);
    expect(hook.json().code).toBe('CARD_FUNDING_UNAVAILABLE');
  });
});
