import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import { createTangoTestApp, creditBalance, goLive, LIVE_REQUEST } from '../../../test/factories/live';
import { joinAs } from '../../../test/factories/members';
import { balanceOf, claimTokensOf, postOrder, recipient, settledOrder } from '../../../test/factories/orders';
import { FAKE_TANGO, type FakeTango } from '../../../test/fake-tango';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { bankReference } from '../../lib/bank-transfer';
import { replayBalance } from '../ledger/repository';

/**
 * Sandbox and live (issue 17, decision 045), through HTTP into a real database, on an instance
 * whose real provider is a fake Tango at the HTTP edge: the owner's request, the operator's
 * decision, money and cards that never cross between the modes, and bad input.
 */

const ask = (t: TestApp, user: SignedUpUser, payload: unknown = LIVE_REQUEST) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/organisation/live-requests',
    headers: bearer(user.accessToken),
    payload: payload as object,
  });
const status = async (t: TestApp, user: SignedUpUser) =>
  (await t.app.inject({ url: '/api/v1/organisation/live', headers: bearer(user.accessToken) })).json();
const decide = (t: TestApp, op: SignedUpUser, id: string, verb: 'approve' | 'reject', payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/operator/live-requests/${id}/${verb}`,
    headers: bearer(op.accessToken),
    payload,
  });

describe(`sandbox and live without a real provider (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the instance cannot go live, and refuses a request with LIVE_UNAVAILABLE', async () => {
    const owner = await signUpVerifiedUser(t);
    expect(await status(t, owner)).toEqual({
      success: true,
      mode: 'sandbox',
      live_since: null,
      live_available: false,
      request: null,
    });
    const res = await ask(t, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LIVE_UNAVAILABLE');
    expect(await t.database.db.selectFrom('live_requests').select('id').execute()).toHaveLength(0);
  });
});

describe(`sandbox and live on Tango Card (${TEST_DB})`, () => {
  let fake: FakeTango;
  let t: TestApp;
  let operator: SignedUpUser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, fake, operator, close } = await createTangoTestApp());
  });
  afterAll(() => close());

  const order = (user: SignedUpUser, extra: object = {}) =>
    postOrder(t, user.accessToken, {
      product_code: FAKE_TANGO.activeRangeUtid,
      amount: 10,
      email: recipient(),
      quantity: 1,
      ...extra,
    } as never);

  it('refuses bad requests with stable codes and writes nothing', async () => {
    const owner = await signUpVerifiedUser(t);
    const bad: [unknown, string][] = [
      [{}, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, website: 'acme' }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, use_case: 'gifts' }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, company_name: 'Acme\u0000Ltd' }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, company_name: 'Acme \ud800 Ltd' }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, company_name: 'x'.repeat(100_000) }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, expected_monthly_volume: 'lots' }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, expected_monthly_volume: 5 }, 'VALIDATION_ERROR'],
      [{ ...LIVE_REQUEST, sandbox: false }, 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of bad) {
      const res = await ask(t, owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisation/live-requests',
      headers: { ...bearer(owner.accessToken), 'content-type': 'text/plain' },
      payload: 'go live',
    });
    expect(text.statusCode).toBe(415);
    expect(
      await t.database.db
        .selectFrom('live_requests')
        .select('id')
        .where('organisation_id', '=', owner.organisationId)
        .execute(),
    ).toHaveLength(0);
  });

  it('lets only owners ask, and only operators see or decide (404 to anyone else)', async () => {
    const owner = await signUpVerifiedUser(t);
    const admin = await joinAs(t, owner, 'admin');
    const asAdmin = await ask(t, admin);
    expect(asAdmin.statusCode).toBe(403);
    const asked = await ask(t, owner);
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().request.id;
    // The admin reads the mode and the request; a customer never reaches the operators' queue.
    expect((await status(t, admin)).request.status).toBe('pending');
    for (const user of [owner, admin]) {
      expect(
        (await t.app.inject({ url: '/api/v1/operator/live-requests', headers: bearer(user.accessToken) })).statusCode,
      ).toBe(404);
      expect((await decide(t, user, id, 'approve')).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/operator/live-requests/${id}/approve`, payload: {} }))
        .statusCode,
    ).toBe(404);
    // The operator's queue, with what they need to decide.
    const queue = await t.app.inject({
      url: '/api/v1/operator/live-requests?status=pending',
      headers: bearer(operator.accessToken),
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.find((r: { id: string }) => r.id === id)).toMatchObject({
      organisation_id: owner.organisationId,
      company_name: LIVE_REQUEST.company_name,
      requested_by_email: owner.email,
      sandbox_orders: 0,
    });
    expect(
      (
        await t.app.inject({
          url: '/api/v1/operator/live-requests?status=everything',
          headers: bearer(operator.accessToken),
        })
      ).statusCode,
    ).toBe(400);
    expect((await decide(t, operator, 'not-a-uuid', 'approve')).statusCode).toBe(400);
    expect((await decide(t, operator, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    // Operators are emailed the request.
    await waitForEmail(t, operator.email, /Acme Rewards Ltd asks to go live/);
  });

  it('keeps one request waiting at a time; the owner withdraws it, an operator refuses one with a reason', async () => {
    const owner = await signUpVerifiedUser(t);
    const first = await ask(t, owner);
    expect(first.statusCode).toBe(200);
    const again = await ask(t, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LIVE_REQUEST_PENDING');
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organisation/live-requests/pending',
      headers: bearer(owner.accessToken),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().request.status).toBe('withdrawn');
    expect((await decide(t, operator, first.json().request.id, 'approve')).json().code).toBe('NOT_PENDING');
    const second = (await ask(t, owner)).json().request.id;
    const noReason = await decide(t, operator, second, 'reject', {});
    expect(noReason.statusCode).toBe(400);
    const refused = await decide(t, operator, second, 'reject', { note: 'Please use your company email domain.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().request).toMatchObject({
      status: 'rejected',
      decision_note: 'Please use your company email domain.',
    });
    const mail = await waitForEmail(t, owner.email, /not approved/);
    expect(mail.text).toContain('Please use your company email domain.');
    expect((await status(t, owner)).mode).toBe('sandbox');
    // A refused request can be followed by a new one.
    expect((await ask(t, owner)).statusCode).toBe(200);
  });

  it('goes live only once sandbox work has settled; then sandbox and live money and cards never mix', async () => {
    const owner = await signUpVerifiedUser(t);
    // A sandbox order on the real catalogue: a play card from the sandbox, never from Tango.
    const sandboxOrder = await order(owner);
    expect(sandboxOrder.statusCode, sandboxOrder.body).toBe(201);
    const sandboxId = sandboxOrder.json().order_id;
    expect((await settledOrder(t, owner.accessToken, sandboxId)).status).toBe('completed');
    // Another, whose recipient has not opened it: voidable later.
    const unopenedId = (await order(owner)).json().order_id;
    expect((await settledOrder(t, owner.accessToken, unopenedId)).status).toBe('completed');
    const sandboxRewards = await t.database.db
      .selectFrom('rewards')
      .select('id')
      .where('order_id', '=', sandboxId)
      .execute();
    for (const r of sandboxRewards) expect(fake.orders.has(r.id)).toBe(false);
    const [sandboxToken] = await claimTokensOf(t, sandboxId);
    expect((await t.app.inject({ url: `/api/v1/claims/${sandboxToken}` })).json().sandbox).toBe(true);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
      payload: { name: 'Sandbox', scopes: 'read_only' },
    });
    expect(key.json().key).toMatch(/^gr_test_/);

    // A scheduled sandbox order holds sandbox money: the approval waits for it.
    const scheduled = await order(owner, { send_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const requestId = (await ask(t, owner)).json().request.id;
    const before = await balanceOf(t, owner.accessToken);
    const blocked = await decide(t, operator, requestId, 'approve');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('SANDBOX_WORK_IN_FLIGHT');
    // Nothing changed: still sandbox, the same balance, the request still waiting.
    expect(await status(t, owner)).toMatchObject({ mode: 'sandbox', request: { status: 'pending' } });
    expect(await balanceOf(t, owner.accessToken)).toEqual(before);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${scheduled.json().order_id}/cancel`,
      headers: bearer(owner.accessToken),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const sandboxLeft = await balanceOf(t, owner.accessToken);
    const approved = await decide(t, operator, requestId, 'approve', { note: 'Welcome aboard.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request.status).toBe('approved');

    // Live: the balance starts at zero; the sandbox one is closed, its history kept.
    expect(await status(t, owner)).toMatchObject({ mode: 'live', live_available: true });
    const balance = (await t.app.inject({ url: '/api/v1/balance', headers: bearer(owner.accessToken) })).json();
    expect(balance).toMatchObject({ available_minor: 0, held_minor: 0, sandbox: false });
    const accounts = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'live', 'closed_at', 'balance_minor'])
      .where('organisation_id', '=', owner.organisationId)
      .orderBy('id')
      .execute();
    expect(accounts.map((a) => [a.kind, a.live, a.closed_at !== null])).toEqual([
      ['available', false, true],
      ['held', false, true],
      ['available', true, false],
      ['held', true, false],
    ]);
    expect(Number(accounts[0]?.balance_minor)).toBe(Math.round(sandboxLeft.available * 100));

    // The sandbox key ended with the sandbox; keys made now are live keys.
    const withOldKey = await t.app.inject({ url: '/api/v1/balance', headers: bearer(key.json().key) });
    expect(withOldKey.statusCode).toBe(401);
    const liveKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
      payload: { name: 'Live', scopes: 'read_only' },
    });
    expect(liveKey.json().key).toMatch(/^gr_live_/);

    // No live money yet: a live order is refused, and sandbox money cannot pay for it.
    const broke = await order(owner);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().code).toBe('INSUFFICIENT_FUNDS');

    // Funded, a live order's card comes from Tango, and its email and claim page are not sandbox.
    await creditBalance(t, owner.organisationId, 5_000);
    const to = recipient();
    const live = await order(owner, { email: to });
    expect(live.statusCode, live.body).toBe(201);
    const liveId = live.json().order_id;
    expect((await settledOrder(t, owner.accessToken, liveId)).status).toBe('completed');
    const liveRewards = await t.database.db.selectFrom('rewards').select('id').where('order_id', '=', liveId).execute();
    for (const r of liveRewards) expect(fake.orders.has(r.id)).toBe(true);
    const [liveToken] = await claimTokensOf(t, liveId);
    expect((await t.app.inject({ url: `/api/v1/claims/${liveToken}` })).json().sandbox).toBe(false);
    const email = await waitForEmail(t, to);
    expect(email.text.toLowerCase()).not.toContain('sandbox');
    // The sandbox card stays a sandbox card.
    expect((await t.app.inject({ url: `/api/v1/claims/${sandboxToken}` })).json().sandbox).toBe(true);

    // 50.00 in, one 10.00 card at 2.5 % fee out; the journal replays to the live balance alone.
    const after = await balanceOf(t, owner.accessToken);
    expect(after.available).toBe(39.75);
    const replayed = await replayBalance(t.database.db, owner.organisationId, 'USD');
    expect(replayed.availableMinor).toBe(3_975);
    expect(replayed.heldMinor).toBe(0);

    // Voiding the sandbox order now cancels its play card, and refunds nothing into the live
    // balance: its money went with the closed sandbox one.
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${unopenedId}/void`,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': `void-${unopenedId}` },
      payload: {},
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await balanceOf(t, owner.accessToken)).available).toBe(39.75);
    expect((await replayBalance(t.database.db, owner.organisationId, 'USD')).availableMinor).toBe(3_975);

    // The owner was told; the audit log says who took it live.
    const mail = await waitForEmail(t, owner.email, /is live on GiftRelay/);
    expect(mail.text).toContain('Welcome aboard.');
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('organisation_id', '=', owner.organisationId)
      .where('action', '=', 'organisation.went_live')
      .execute();
    expect(audit).toEqual([{ action: 'organisation.went_live', actor_user_id: operator.user.id }]);
    // A live organisation cannot ask again, nor top up with play money.
    expect((await ask(t, owner)).json().code).toBe('ALREADY_LIVE');
    const play = await t.app.inject({
      method: 'POST',
      url: '/api/v1/balance/sandbox-topup',
      headers: bearer(owner.accessToken),
      payload: { amount: 100 },
    });
    expect(play.statusCode).toBe(403);
  });

  it('an operator records a bank transfer by the reference the organisation quoted: credited once', async () => {
    const owner = await signUpVerifiedUser(t);
    const record = (payload: object, who: SignedUpUser = operator) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/operator/bank-transfers',
        headers: bearer(who.accessToken),
        payload,
      });
    const reference = bankReference(owner.organisationId);
    const today = new Date().toISOString().slice(0, 10);
    const transfer = {
      organisation_reference: reference,
      amount: '1250.50',
      received_on: today,
      bank_reference: `FT${Date.now()}`,
    };
    // A sandbox organisation cannot receive one: it has no live balance.
    const early = await record(transfer);
    expect(early.statusCode).toBe(404);
    await goLive(t, owner, operator);
    // Customers never see the route.
    expect((await record(transfer, owner)).statusCode).toBe(404);
    const bad: object[] = [
      { ...transfer, organisation_reference: 'GR-123' },
      { ...transfer, amount: '-5' },
      { ...transfer, amount: '0' },
      { ...transfer, amount: '10.005' },
      { ...transfer, amount: 'x'.repeat(50) },
      { ...transfer, received_on: '2026-02-30' },
      { ...transfer, received_on: '2999-01-01' },
      { ...transfer, received_on: '1999-01-01' },
      { ...transfer, bank_reference: '' },
      { ...transfer, bank_reference: 'FT\u0000X' },
      { ...transfer, note: 'ok \ud800' },
      { ...transfer, extra: true },
    ];
    for (const payload of bad) {
      const res = await record(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    // Quoted with spaces and in lower case, as people type it.
    const res = await record({ ...transfer, organisation_reference: ` ${reference.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transfer).toMatchObject({
      organisation_id: owner.organisationId,
      organisation_reference: reference,
      amount: 1250.5,
      amount_minor: 125_050,
      currency: 'USD',
      received_on: today,
      recorded_by_email: operator.email,
    });
    expect((await balanceOf(t, owner.accessToken)).available).toBe(1250.5);
    // The same bank transaction again: refused, never a second credit, also when raced.
    const again = await Promise.all([record(transfer), record(transfer)]);
    for (const r of again) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('CONFLICT');
    }
    expect((await balanceOf(t, owner.accessToken)).available).toBe(1250.5);
    const raced = await Promise.all([
      record({ ...transfer, bank_reference: 'RACE-1' }),
      record({ ...transfer, bank_reference: 'RACE-1' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await balanceOf(t, owner.accessToken)).available).toBe(2501);
    const unknown = await record({ ...transfer, organisation_reference: 'GR-0000000000', bank_reference: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/v1/operator/bank-transfers', headers: bearer(operator.accessToken) });
    expect(
      list.json().data.filter((x: { organisation_id: string }) => x.organisation_id === owner.organisationId),
    ).toHaveLength(2);
    const mail = await waitForEmail(t, owner.email, /received by bank transfer/);
    expect(mail.subject).toContain('$1,250.50');
    const replayed = await replayBalance(t.database.db, owner.organisationId, 'USD');
    expect(replayed.availableMinor).toBe(250_100);
  });

  it.runIf(TEST_DB === 'postgres')(
    'an approval racing sandbox orders: each order is either settled sandbox work that blocks it, or refused',
    async () => {
      for (let round = 0; round < 3; round++) {
        const owner = await signUpVerifiedUser(t);
        const requestId = (await ask(t, owner)).json().request.id;
        const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
        const [approval, ...orders] = await Promise.all([
          decide(t, operator, requestId, 'approve'),
          ...Array.from({ length: 6 }, () => order(owner, { send_at: scheduledAt })),
        ]);
        const placed = orders.filter((o) => o.statusCode === 201).length;
        if (approval?.statusCode === 200) {
          // Live: every sandbox order that got in first would have blocked it, so none did.
          expect(placed).toBe(0);
          for (const o of orders) expect(o.json().code).toBe('INSUFFICIENT_FUNDS');
          expect((await balanceOf(t, owner.accessToken)).available).toBe(0);
        } else {
          expect(approval?.json().code).toBe('SANDBOX_WORK_IN_FLIGHT');
          expect(placed).toBeGreaterThan(0);
          expect((await status(t, owner)).mode).toBe('sandbox');
        }
        const { rows } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM orders o JOIN organisations g ON g.id = o.organisation_id
          WHERE o.organisation_id = ${owner.organisationId} AND o.sandbox <> g.sandbox AND o.status = 'scheduled'`.execute(
          t.database.db,
        );
        expect(Number(rows[0]?.n)).toBe(0);
      }
    },
  );
});
