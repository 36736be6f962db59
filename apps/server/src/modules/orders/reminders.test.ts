import type { MailboxMessage } from '@giftrelay/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import {
  balanceOf,
  claimTokensOf,
  pickProduct,
  postOrder,
  recipient,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { replayBalance } from '../ledger/repository';
import { remindAndExpireUnopened } from './reminders';

/**
 * Reminders of unopened rewards and their automatic void (issue 16, decision 040), through the
 * housekeeping sweep into the database and the built-in mailbox. Time is moved by moving the
 * order's delivery (and the notice) back, never by waiting.
 */
let t: TestApp;
let product: { code: string };
beforeAll(async () => {
  t = await createTestApp();
  product = await pickProduct(t);
});
afterAll(() => t.close());

const patchSettings = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/organisation', headers: bearer(token), payload: payload as object });

async function delivered(user: SignedUpUser, quantity: number) {
  const to = recipient();
  const res = await postOrder(t, user.accessToken, { product_code: product.code, amount: 25, email: to, quantity });
  expect(res.statusCode, res.body).toBe(201);
  const order = await settledOrder(t, user.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  await waitForEmail(t, to);
  return { orderId: order.order_id as string, to };
}

/** Moves the order's delivery `days` (and a minute) into the past. */
async function deliveredDaysAgo(orderId: string, days: number) {
  await sql`UPDATE orders SET completed_at = now() - make_interval(days => ${days}, mins => 1) WHERE id = ${orderId}`.execute(
    t.database.db,
  );
}

async function mailTo(to: string): Promise<MailboxMessage[]> {
  const res = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(to)}` });
  return res.json().messages as MailboxMessage[];
}

const claimTokens = (orderId: string) => claimTokensOf(t, orderId);

async function history(user: SignedUpUser, orderId: string) {
  const res = await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(user.accessToken) });
  return res.json().history as { type: string; detail: Record<string, unknown> }[];
}

describe(`reminders of unopened rewards (${TEST_DB})`, () => {
  it('reminds after 3 days and 6, with the unopened links only, at most twice', async () => {
    const user = await signUpVerifiedUser(t);
    const { orderId, to } = await delivered(user, 2);
    const [opened, unopened] = await claimTokens(orderId);
    expect((await t.app.inject({ url: `/api/v1/claims/${opened}` })).statusCode).toBe(200);

    // Not yet due: delivered 2 days ago.
    await deliveredDaysAgo(orderId, 2);
    expect((await remindAndExpireUnopened(t.app)).reminders).toBe(0);

    await deliveredDaysAgo(orderId, 3);
    expect((await remindAndExpireUnopened(t.app)).reminders).toBeGreaterThanOrEqual(1);
    const first = await waitForEmail(t, to, /^\[Sandbox\] Reminder: /);
    expect(first.text).toContain('Your reward is still waiting: nobody has claimed it yet.');
    expect(first.text).toContain(`/claim/${unopened}`);
    expect(first.text).not.toContain(`/claim/${opened}`);
    // The same sweep again sends nothing more.
    await remindAndExpireUnopened(t.app);
    await deliveredDaysAgo(orderId, 6);
    await remindAndExpireUnopened(t.app);
    await deliveredDaysAgo(orderId, 8);
    await remindAndExpireUnopened(t.app);
    await eventually(async () =>
      (await mailTo(to)).filter((m) => m.subject.includes('Reminder:')).length === 2 ? true : undefined,
    );
    const lines = (await history(user, orderId)).filter((h) => h.type === 'email.reminder');
    expect(lines.map((l) => l.detail)).toEqual([
      { to, positions: [2], reminder: 1 },
      { to, positions: [2], reminder: 2 },
    ]);
  });

  it('sends none when every reward was opened, or the organisation turned reminders off', async () => {
    const user = await signUpVerifiedUser(t);
    const opened = await delivered(user, 1);
    const [token] = await claimTokens(opened.orderId);
    await t.app.inject({ url: `/api/v1/claims/${token}` });
    await deliveredDaysAgo(opened.orderId, 3);
    const off = await signUpVerifiedUser(t);
    expect((await patchSettings(off.accessToken, { reminder_after_days: null })).json()).toMatchObject({
      reminder_after_days: null,
    });
    const quiet = await delivered(off, 1);
    await deliveredDaysAgo(quiet.orderId, 3);
    await remindAndExpireUnopened(t.app);
    expect((await history(user, opened.orderId)).some((h) => h.type === 'email.reminder')).toBe(false);
    expect((await history(off, quiet.orderId)).some((h) => h.type === 'email.reminder')).toBe(false);
  });

  it.runIf(TEST_DB === 'postgres')('two sweeps at once send one reminder', async () => {
    const user = await signUpVerifiedUser(t);
    const { orderId } = await delivered(user, 1);
    await deliveredDaysAgo(orderId, 3);
    await Promise.all([remindAndExpireUnopened(t.app), remindAndExpireUnopened(t.app), remindAndExpireUnopened(t.app)]);
    expect((await history(user, orderId)).filter((h) => h.type === 'email.reminder')).toHaveLength(1);
  });
});

describe(`automatic voids of unopened rewards (${TEST_DB})`, () => {
  it('tells the recipient 3 days before, then voids and refunds, never before the notice', async () => {
    const user = await signUpVerifiedUser(t);
    const saved = await patchSettings(user.accessToken, { void_unopened_after_days: 7, reminder_after_days: null });
    expect(saved.json()).toMatchObject({ void_unopened_after_days: 7, reminder_after_days: null });
    const { orderId, to } = await delivered(user, 1);

    // Delivered 8 days ago but nobody was told: told now, not voided yet.
    await deliveredDaysAgo(orderId, 8);
    const first = await remindAndExpireUnopened(t.app);
    expect(first.voided).toBe(0);
    const notice = await waitForEmail(t, to, /Reminder:/);
    expect(notice.text).toMatch(/Claim it by \d{1,2} \w+ \d{4}: Example cancels rewards not claimed by then\./);
    expect((await history(user, orderId)).find((h) => h.type === 'email.void_notice')?.detail).toMatchObject({
      to,
      positions: [1],
      voids_on: expect.any(String),
    });
    const before = (await balanceOf(t, user.accessToken)).available;
    expect((await remindAndExpireUnopened(t.app)).voided).toBe(0);

    // Three days after the notice: voided by the system, refunded in full.
    await sql`UPDATE order_reminders SET void_notice_at = now() - interval '3 days 1 minute' WHERE order_id = ${orderId}`.execute(
      t.database.db,
    );
    expect((await remindAndExpireUnopened(t.app)).voided).toBe(1);
    expect((await balanceOf(t, user.accessToken)).available).toBeCloseTo(before + 25.63, 2);
    const [token] = await claimTokens(orderId);
    expect((await t.app.inject({ url: `/api/v1/claims/${token}` })).json()).toMatchObject({
      status: 'voided',
      code: null,
    });
    const audit = (
      await t.app.inject({ url: '/api/v1/audit-events?action=order.voided', headers: bearer(user.accessToken) })
    ).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toBeNull();
    const replayed = await replayBalance(t.database.db, user.organisationId, 'USD');
    expect(replayed.availableMinor).toBe(Math.round((await balanceOf(t, user.accessToken)).available * 100));
    // Nothing is left to void: later sweeps leave it alone.
    expect((await remindAndExpireUnopened(t.app)).voided).toBe(0);
  });

  it('refuses days out of range, and takes null to turn each off', async () => {
    const user = await signUpVerifiedUser(t);
    expect(
      (await t.app.inject({ url: '/api/v1/organisation', headers: bearer(user.accessToken) })).json(),
    ).toMatchObject({ reminder_after_days: 3, void_unopened_after_days: null });
    for (const payload of [
      { reminder_after_days: 0 },
      { reminder_after_days: 31 },
      { reminder_after_days: 2.5 },
      { reminder_after_days: '3' },
      { void_unopened_after_days: 6 },
      { void_unopened_after_days: 366 },
    ]) {
      const res = await patchSettings(user.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const audit = (
      await t.app.inject({ url: '/api/v1/audit-events?action=organisation.updated', headers: bearer(user.accessToken) })
    ).json().data;
    expect(audit).toHaveLength(0);
    const ok = await patchSettings(user.accessToken, { reminder_after_days: 10, void_unopened_after_days: 365 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ reminder_after_days: 10, void_unopened_after_days: 365 });
  });
});
