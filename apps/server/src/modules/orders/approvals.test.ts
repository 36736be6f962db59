import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
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
import { replayBalance } from '../ledger/repository';
import { EXPIRED_NOTE } from './approvals';
import { FULFIL_QUEUE } from './fulfilment';

/**
 * Approvals (issue 15, decision 035) through HTTP into the database: rules, waiting orders held
 * and not fulfilled, approve and reject with notes, the 7-day expiry, who may decide, and on
 * PostgreSQL the races (two approvers; waiting and direct orders for the last funds).
 * Over 250 lines on purpose, as orders.test.ts: its three groups share one app, one more file would
 * boot one more (decision 019).
 */
let t: TestApp;
let range: ProductPick;
beforeAll(async () => {
  t = await createTestApp();
  range = await pickProduct(t);
});
afterAll(() => t.close());

interface Team {
  owner: SignedUpUser;
  admin: SignedUpUser;
  sender: SignedUpUser;
}
async function team(): Promise<Team> {
  const owner = await signUpVerifiedUser(t);
  const [admin, sender] = await Promise.all([joinAs(t, owner, 'admin'), joinAs(t, owner, 'sender')]);
  return { owner, admin, sender };
}

const patchRules = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/approval-rules', headers: bearer(token), payload: payload as object });
const decide = (token: string, orderId: string, decision: 'approve' | 'reject', payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/${decision}`, headers: bearer(token), payload });
const order = (token: string, amount: number, key?: string) =>
  postOrder(t, token, { product_code: range.code, amount, email: recipient(), quantity: 1 }, key);
const getOrder = async (token: string, id: string) =>
  (await t.app.inject({ url: `/api/v1/orders/${id}`, headers: bearer(token) })).json();

async function jobsFor(orderId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(`${QUEUE_SCHEMA}.job`)}
    WHERE name = ${FULFIL_QUEUE} AND data->>'orderId' = ${orderId}`.execute(t.database.db);
  return rows[0]?.n ?? 0;
}

describe(`approval rules (${TEST_DB})`, () => {
  let crew: Team;
  beforeAll(async () => {
    crew = await team();
  });

  it('start off; owners and admins change them (audited); senders read them and may not change them', async () => {
    const initial = await t.app.inject({ url: '/api/v1/approval-rules', headers: bearer(crew.sender.accessToken) });
    expect(initial.json()).toEqual({
      success: true,
      above_usd_minor: null,
      above_usd: null,
      every_sender_order: false,
      monthly_cap_usd_minor: null,
      monthly_cap_usd: null,
      // The sender's side, for the send dialog's notice (issue 35).
      yours: { rules_apply: true, month_usd_minor: 0 },
    });
    const refused = await patchRules(crew.sender.accessToken, { above_usd_minor: 100 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const set = await patchRules(crew.admin.accessToken, { above_usd_minor: 10_000, monthly_cap_usd_minor: 50_050 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ above_usd_minor: 10_000, above_usd: 100, monthly_cap_usd: 500.5 });
    const partial = await patchRules(crew.owner.accessToken, { monthly_cap_usd_minor: null });
    expect(partial.json()).toMatchObject({ above_usd_minor: 10_000, monthly_cap_usd_minor: null });

    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=approval_rules.updated',
      headers: bearer(crew.owner.accessToken),
    });
    const lines = audit.json().data;
    expect(lines).toHaveLength(2);
    expect(lines[0].detail).toEqual({ changes: { monthly_cap_usd_minor: { before: 50_050, after: null } } });
    expect(lines[1].actor.email).toBe(crew.admin.email);
  });

  it.each([
    [{ above_usd_minor: -1 }, 'body.above_usd_minor'],
    [{ above_usd_minor: 12.5 }, 'body.above_usd_minor'],
    [{ above_usd_minor: 1e15 }, 'body.above_usd_minor'],
    [{ above_usd_minor: '100' }, 'body.above_usd_minor'],
    [{ monthly_cap_usd_minor: true }, 'body.monthly_cap_usd_minor'],
    [{ every_sender_order: 'yes' }, 'body.every_sender_order'],
    [{ every_sender_order: true, surprise: 1 }, 'body'],
  ])('refuses %j with 400 naming %s, changing nothing', async (payload, field) => {
    const before = (
      await t.app.inject({ url: '/api/v1/approval-rules', headers: bearer(crew.owner.accessToken) })
    ).json();
    const res = await patchRules(crew.owner.accessToken, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    const after = (
      await t.app.inject({ url: '/api/v1/approval-rules', headers: bearer(crew.owner.accessToken) })
    ).json();
    expect(after).toEqual(before);
  });
});

describe(`waiting, approving and rejecting (${TEST_DB})`, () => {
  let crew: Team;
  beforeAll(async () => {
    crew = await team();
    // Above 100.00 USD, a sender's order waits.
    expect((await patchRules(crew.owner.accessToken, { above_usd_minor: 10_000 })).statusCode).toBe(200);
  });

  it('a sender’s order above the amount waits: held, no fulfilment job, the approvers emailed; below it goes ahead', async () => {
    const before = await balanceOf(t, crew.sender.accessToken);
    const res = await order(crew.sender.accessToken, 150);
    expect(res.statusCode, res.body).toBe(201);
    const waiting = res.json();
    expect(waiting.status).toBe('pending_approval');
    expect(waiting.created_by).toBe(crew.sender.user.id);
    const expires = new Date(waiting.approval.expires_at).getTime();
    expect(expires - new Date(waiting.created_at).getTime()).toBe(7 * 86_400_000);
    expect(waiting.approval).toMatchObject({ decided_at: null, decided_by: null, note: null });
    // 150.00 + the 3.75 fee is held at once.
    const held = await balanceOf(t, crew.sender.accessToken);
    expect(held.held - before.held).toBe(153.75);
    expect(before.available - held.available).toBe(153.75);
    expect(await jobsFor(waiting.order_id)).toBe(0);
    for (const approver of [crew.owner, crew.admin]) {
      const email = await waitForEmail(t, approver.email, /Approval needed/);
      expect(email.text).toContain(crew.sender.email);
      expect(email.text).toContain('/approvals');
    }
    // Its event and history say it waits.
    const events = await t.app.inject({
      url: '/api/v1/events?type=order.created',
      headers: bearer(crew.owner.accessToken),
    });
    const created = events
      .json()
      .data.find((e: { data: { order: { order_id: string } } }) => e.data.order.order_id === waiting.order_id);
    expect(created.data.order.status).toBe('pending_approval');

    const small = await order(crew.sender.accessToken, 90);
    expect(small.json().status).toBe('pending');
    expect((await settledOrder(t, crew.sender.accessToken, small.json().order_id)).status).toBe('completed');
    // Still waiting, still no job, after another order went all the way.
    expect((await getOrder(crew.owner.accessToken, waiting.order_id)).status).toBe('pending_approval');
    expect(await jobsFor(waiting.order_id)).toBe(0);
  });

  it('owners’ and admins’ own orders never wait', async () => {
    for (const who of [crew.owner, crew.admin]) {
      const res = await order(who.accessToken, 200);
      expect(res.json().status).toBe('pending');
      expect(res.json().approval).toBeNull();
      expect((await settledOrder(t, who.accessToken, res.json().order_id)).status).toBe('completed');
    }
  });

  it('approving starts fulfilment: the recipient gets the reward, the note and the approver are on the order', async () => {
    const waiting = (await order(crew.sender.accessToken, 120)).json();
    expect(waiting.status).toBe('pending_approval');
    const approved = await decide(crew.admin.accessToken, waiting.order_id, 'approve', { note: 'Go ahead, thanks' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      success: true,
      status: 'pending',
      approval: { decided_by: crew.admin.user.id, note: 'Go ahead, thanks' },
    });
    const done = await settledOrder(t, crew.sender.accessToken, waiting.order_id);
    expect(done.status).toBe('completed');
    await waitForEmail(t, waiting.recipient_email);
    // The sender hears of it, with the approver's note (issue 35).
    const told = await waitForEmail(t, crew.sender.email, new RegExp(`^Approved: .* to ${waiting.recipient_email}$`));
    expect(told.text).toContain(`${crew.admin.email} approved your order`);
    expect(told.text).toContain('Go ahead, thanks');
    expect(done.history.map((h: { type: string }) => h.type)).toEqual(
      expect.arrayContaining(['order.created', 'order.approved', 'order.completed']),
    );
    expect(done.history.find((h: { type: string }) => h.type === 'order.approved').detail).toEqual({
      note: 'Go ahead, thanks',
      by: crew.admin.email,
    });
    // Decided once: approving or rejecting again is a conflict.
    for (const again of ['approve', 'reject'] as const) {
      const res = await decide(crew.owner.accessToken, waiting.order_id, again, { note: 'late' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
    }
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=order.approved',
      headers: bearer(crew.owner.accessToken),
    });
    expect(audit.json().data[0]).toMatchObject({
      actor: { email: crew.admin.email },
      detail: { order_id: waiting.order_id },
    });
  });

  it('a choice reward above the amount waits too; approved, it goes to the recipient’s pick, which captures the hold', async () => {
    const before = await balanceOf(t, crew.sender.accessToken);
    const res = await postOrder(t, crew.sender.accessToken, {
      choice: { product_codes: [range.code] },
      currency: 'USD',
      amount: 110,
      email: recipient(),
    } as never);
    expect(res.statusCode, res.body).toBe(201);
    const waiting = res.json();
    expect(waiting).toMatchObject({ status: 'pending_approval', product_code: 'RECIPIENTS-CHOICE' });
    const [token] = await claimTokensOf(t, waiting.order_id);
    // Not sent yet: the recipient cannot pick.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claims/${token}/choice`,
      payload: { product_code: range.code },
    });
    expect([early.statusCode, early.json().code]).toEqual([409, 'CHOICE_CLOSED']);
    expect((await decide(crew.owner.accessToken, waiting.order_id, 'approve')).statusCode).toBe(200);
    // Approved, the invitation goes out and the reward waits for the pick, still held.
    await waitForEmail(t, waiting.recipient_email);
    expect((await getOrder(crew.sender.accessToken, waiting.order_id)).rewards[0].status).toBe('awaiting_choice');
    const picked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claims/${token}/choice`,
      payload: { product_code: range.code },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const done = await settledOrder(t, crew.sender.accessToken, waiting.order_id);
    expect(done).toMatchObject({ status: 'completed', product_code: range.code, issued_count: 1 });
    const after = await balanceOf(t, crew.sender.accessToken);
    expect(after.held).toBeCloseTo(before.held, 2);
    expect(before.available - after.available).toBeCloseTo(done.charged.total, 2);
  });

  it('rejecting needs a note, releases the hold in full, and the sender reads the note', async () => {
    const before = await balanceOf(t, crew.sender.accessToken);
    const waiting = (await order(crew.sender.accessToken, 130)).json();
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 'bad\u0000note' }]) {
      const res = await decide(crew.owner.accessToken, waiting.order_id, 'reject', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[0].path).toBe('body.note');
    }
    expect((await getOrder(crew.owner.accessToken, waiting.order_id)).status).toBe('pending_approval');
    const rejected = await decide(crew.owner.accessToken, waiting.order_id, 'reject', {
      note: 'Over this quarter’s budget',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    expect(await balanceOf(t, crew.sender.accessToken)).toMatchObject({
      available: before.available,
      held: before.held,
    });
    const seen = await getOrder(crew.sender.accessToken, waiting.order_id);
    expect(seen.approval).toMatchObject({ note: 'Over this quarter’s budget', decided_by: crew.owner.user.id });
    // And by email, with the reason (issue 35).
    const told = await waitForEmail(t, crew.sender.email, new RegExp(`^Rejected: .* to ${waiting.recipient_email}$`));
    expect(told.text).toContain('The reason: “Over this quarter’s budget”');
    expect(told.text).toContain('is back on the balance');
    expect(await jobsFor(waiting.order_id)).toBe(0);
    const replay = await replayBalance(t.database.db, crew.owner.organisationId, 'USD');
    const balance = await balanceOf(t, crew.owner.accessToken);
    expect(replay).toEqual({
      availableMinor: Math.round(balance.available * 100),
      heldMinor: Math.round(balance.held * 100),
      currency: 'USD',
    });
  });

  it('who may decide: not senders or viewers, not another organisation, not the person who placed it', async () => {
    const waiting = (await order(crew.sender.accessToken, 140)).json();
    const viewer = await joinAs(t, crew.owner, 'viewer');
    for (const who of [crew.sender, viewer]) {
      const res = await decide(who.accessToken, waiting.order_id, 'approve');
      expect(res.statusCode).toBe(403);
    }
    const stranger = await signUpVerifiedUser(t);
    expect((await decide(stranger.accessToken, waiting.order_id, 'approve')).statusCode).toBe(404);
    expect((await decide(crew.owner.accessToken, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(
      404,
    );
    expect((await decide(crew.owner.accessToken, 'not-a-uuid', 'approve')).statusCode).toBe(400);
    // The sender becomes an admin: still not the one to approve their own order.
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/members/${crew.sender.user.id}`,
      headers: bearer(crew.owner.accessToken),
      payload: { role: 'admin' },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const own = await decide(crew.sender.accessToken, waiting.order_id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatch(/own order/);
    expect((await getOrder(crew.owner.accessToken, waiting.order_id)).status).toBe('pending_approval');
    // Withdrawing it is theirs to do.
    expect((await decide(crew.sender.accessToken, waiting.order_id, 'reject', { note: 'Withdrawn' })).statusCode).toBe(
      200,
    );
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/members/${crew.sender.user.id}`,
      headers: bearer(crew.owner.accessToken),
      payload: { role: 'sender' },
    });
  });

  it('an order never caught by a rule has nothing to decide (409)', async () => {
    const direct = (await order(crew.owner.accessToken, 20)).json();
    const res = await decide(crew.admin.accessToken, direct.order_id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/never needed approval/);
  });

  it('the list filters waiting and rejected orders, the stats count them, the dashboard spends neither', async () => {
    const list = await t.app.inject({
      url: '/api/v1/orders?status=pending_approval',
      headers: bearer(crew.owner.accessToken),
    });
    expect(list.json().data.length).toBeGreaterThan(0);
    for (const o of list.json().data) expect(o.status).toBe('pending_approval');
    const stats = (await t.app.inject({ url: '/api/v1/orders/stats', headers: bearer(crew.owner.accessToken) })).json();
    expect(stats.pending_approval).toBe(list.json().data.length);
    expect(stats.rejected).toBe(2);
    const { rows } = await sql<{ spend: string }>`
      SELECT coalesce(sum(charged_total_minor), 0) AS spend FROM orders
      WHERE organisation_id = ${crew.owner.organisationId} AND status IN ('pending', 'completed')`.execute(
      t.database.db,
    );
    await eventually(async () => {
      const dashboard = (
        await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(crew.owner.accessToken) })
      ).json();
      return dashboard.monthly_load_minor === Number(rows[0]?.spend) && dashboard.orders === stats.total_orders;
    });
  });
});

describe(`every order, monthly caps, retries and expiry (${TEST_DB})`, () => {
  it('every sender order waits when that rule is on', async () => {
    const crew = await team();
    await patchRules(crew.owner.accessToken, { every_sender_order: true });
    expect((await order(crew.sender.accessToken, 10)).json().status).toBe('pending_approval');
  });

  it('the monthly cap counts the sender’s own orders this month, failed and rejected ones aside', async () => {
    const crew = await team();
    await patchRules(crew.owner.accessToken, { monthly_cap_usd_minor: 7_000 });
    // 25.00 + its fee each: about 25.63, 51.26, then 76.89 > 70.00.
    expect((await order(crew.sender.accessToken, 25)).json().status).toBe('pending');
    expect((await order(crew.sender.accessToken, 25)).json().status).toBe('pending');
    const third = (await order(crew.sender.accessToken, 25)).json();
    expect(third.status).toBe('pending_approval');
    // Another sender has a month of their own.
    const other = await joinAs(t, crew.owner, 'sender');
    expect((await order(other.accessToken, 25)).json().status).toBe('pending');
    // Rejected, the third no longer counts: a small order fits again.
    await decide(crew.owner.accessToken, third.order_id, 'reject', { note: 'Cap' });
    expect((await order(crew.sender.accessToken, 10)).json().status).toBe('pending');
  });

  it('a retry with the same Idempotency-Key answers the same waiting order and emails nobody again', async () => {
    const crew = await team();
    await patchRules(crew.owner.accessToken, { every_sender_order: true });
    const body = { product_code: range.code, amount: 10, email: recipient(), quantity: 1 };
    const first = await postOrder(t, crew.sender.accessToken, body, 'approval-retry');
    const again = await postOrder(t, crew.sender.accessToken, body, 'approval-retry');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.json().status).toBe('pending_approval');
    await waitForEmail(t, crew.owner.email, /Approval needed/);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM mailbox_messages WHERE to_address = ${crew.owner.email} AND subject LIKE 'Approval needed%'`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe(1);
    expect(await countRows(t, 'orders', crew.owner.organisationId)).toBe(1);
  });

  it('7 days without a decision: the sweep rejects it and releases the hold; a late approval is refused', async () => {
    const crew = await team();
    await patchRules(crew.owner.accessToken, { every_sender_order: true });
    const before = await balanceOf(t, crew.owner.accessToken);
    const swept = (await order(crew.sender.accessToken, 40)).json();
    const late = (await order(crew.sender.accessToken, 45)).json();
    await sql`UPDATE orders SET approval_expires_at = now() - interval '1 minute'
              WHERE id IN (${swept.order_id}, ${late.order_id})`.execute(t.database.db);
    // Approving one that expired but was not swept yet rejects it there and then.
    const refused = await decide(crew.owner.accessToken, late.order_id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/7 days/);
    // The app's own sweep may have run meanwhile (its timer is live): what matters is the outcome.
    await t.app.housekeeping.run({ sweep: true });
    for (const id of [swept.order_id, late.order_id]) {
      const o = await getOrder(crew.sender.accessToken, id);
      expect(o.status).toBe('rejected');
      expect(o.approval).toMatchObject({ note: EXPIRED_NOTE, decided_by: null });
      expect(o.history.map((h: { type: string }) => h.type)).toContain('order.rejected');
    }
    expect(await balanceOf(t, crew.owner.accessToken)).toMatchObject({ available: before.available, held: 0 });
  });
});

describe.runIf(TEST_DB === 'postgres')('approval races (PostgreSQL)', () => {
  it('two admins approving the same order at once fulfil it once', async () => {
    const crew = await team();
    const second = await joinAs(t, crew.owner, 'admin');
    await patchRules(crew.owner.accessToken, { every_sender_order: true });
    const codesBefore = await countRows(t, 'sandbox_provider_orders');
    for (let i = 0; i < 5; i++) {
      const waiting = (await order(crew.sender.accessToken, 30)).json();
      const answers = await Promise.all(
        [crew.admin, second, crew.owner].map((a) => decide(a.accessToken, waiting.order_id, 'approve')),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await jobsFor(waiting.order_id)).toBe(1);
      expect((await settledOrder(t, crew.sender.accessToken, waiting.order_id)).status).toBe('completed');
    }
    expect((await countRows(t, 'sandbox_provider_orders')) - codesBefore).toBe(5);
  }, 120_000);

  it('waiting and direct orders racing for the last funds never overspend, whatever is then approved', async () => {
    const crew = await team();
    await patchRules(crew.owner.accessToken, { every_sender_order: true });
    // 48.78 + 1.22 fee = 50.00: the 5,000.00 start pays for exactly 100 orders, held or not.
    const body = () => ({ product_code: range.code, amount: 48.78, email: recipient(), quantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: 160 }, (_, i) =>
        postOrder(t, (i % 2 ? crew.sender : crew.owner).accessToken, body(), `last-funds-${i}`),
      ),
    );
    const placed = answers.filter((a) => a.statusCode === 201).map((a) => a.json());
    expect(placed).toHaveLength(100);
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(60);
    const waiting = placed.filter((o) => o.status === 'pending_approval');
    expect(waiting.length).toBeGreaterThan(0);
    expect(await balanceOf(t, crew.owner.accessToken)).toMatchObject({ available: 0 });
    // Approvals while another order tries for money that is not there.
    const racing = await Promise.all([
      ...waiting.map((o) => decide(crew.admin.accessToken, o.order_id, 'approve')),
      order(crew.owner.accessToken, 10),
    ]);
    expect(racing.slice(0, -1).every((r) => r.statusCode === 200)).toBe(true);
    expect(racing.at(-1)?.statusCode).toBe(402);
    await eventually(async () => (await balanceOf(t, crew.owner.accessToken)).held === 0, 90_000);
    expect(await replayBalance(t.database.db, crew.owner.organisationId, 'USD')).toEqual({
      availableMinor: 0,
      heldMinor: 0,
      currency: 'USD',
    });
  }, 180_000);
});
