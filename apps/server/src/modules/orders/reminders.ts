import { longUtcDate, VOID_NOTICE_DAYS } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { renderRecipientEmail } from './recipient-email';
import * as reminders from './reminder-repository';
import * as repo from './repository';
import { queueRewardSms } from './reward-sms';
import { voidAutomatically } from './void-order';

/** Orders looked at per kind per sweep; the next sweep (10 minutes on) carries on. */
const BATCH = 200;
const DAY_MS = 86_400_000;

export interface ReminderReport {
  reminders: number;
  voidNotices: number;
  voided: number;
}

/**
 * The housekeeping sweep's part for unopened rewards (issue 16, decision 040): reminders after the
 * organisation's `reminder_after_days` (and twice that), the notice of an automatic void
 * VOID_NOTICE_DAYS before it, and the void itself. Each email is claimed by a conditional upsert
 * and queued in the same transaction (the mail job sends it, with retries), so every process may
 * run the sweep and each email still goes once; each is a line in the order's history.
 */
export async function remindAndExpireUnopened(app: FastifyInstance): Promise<ReminderReport> {
  const report: ReminderReport = { reminders: 0, voidNotices: 0, voided: 0 };
  for (const order of await reminders.ordersDueReminder(app.db, BATCH)) {
    const sent = await app.db.transaction().execute(async (tx) => {
      if (!(await reminders.claimReminder(tx, order, order.reminders_sent))) return false;
      return sendReminder(app, tx, order, { kind: 'email.reminder', n: order.reminders_sent + 1, voidsOn: null });
    });
    if (sent) report.reminders++;
  }
  for (const order of await reminders.ordersDueVoidNotice(app.db, VOID_NOTICE_DAYS, BATCH)) {
    const due = Math.max(
      (order.completed_at ?? new Date()).getTime() + order.void_after_days * DAY_MS,
      Date.now() + VOID_NOTICE_DAYS * DAY_MS,
    );
    const sent = await app.db.transaction().execute(async (tx) => {
      if (!(await reminders.claimVoidNotice(tx, order))) return false;
      return sendReminder(app, tx, order, { kind: 'email.void_notice', voidsOn: longUtcDate(new Date(due)) });
    });
    if (sent) report.voidNotices++;
  }
  // Expiry (decision 081): the same one notice, VOID_NOTICE_DAYS before the order's `expires_at`.
  for (const order of await reminders.ordersDueExpiryNotice(app.db, VOID_NOTICE_DAYS, BATCH)) {
    const sent = await app.db.transaction().execute(async (tx) => {
      if (!order.expires_at || !(await reminders.claimVoidNotice(tx, order))) return false;
      return sendReminder(app, tx, order, { kind: 'email.void_notice', voidsOn: longUtcDate(order.expires_at) });
    });
    if (sent) report.voidNotices++;
  }
  for (const order of await reminders.ordersDueVoid(app.db, VOID_NOTICE_DAYS, BATCH)) {
    if (await voidAutomatically(app, order)) report.voided++;
  }
  return report;
}

async function sendReminder(
  app: FastifyInstance,
  tx: Kysely<Database>,
  order: repo.OrderRow,
  what: { kind: 'email.reminder'; n: number; voidsOn: null } | { kind: 'email.void_notice'; voidsOn: string },
): Promise<boolean> {
  const rewards = await reminders.unopenedRewards(tx, order.id);
  if (rewards.length === 0) return false;
  if (order.recipient_email !== null) {
    const email = await renderRecipientEmail(app, order, rewards, order.recipient_email, tx, { voidsOn: what.voidsOn });
    await app.mail.send(email, { db: tx });
  }
  // Reminders by text as well (decision 088), one per reminder: its key is claimed as the email is.
  if (order.recipient_phone) {
    const key = what.kind === 'email.reminder' ? `reminder-${what.n}` : 'void-notice';
    const lead = what.kind === 'email.reminder' ? 'Reminder:' : `Claim by ${what.voidsOn}:`;
    await queueRewardSms(app, order.id, key, tx, lead);
  }
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: what.kind,
    payload: {
      to: order.recipient_email,
      ...(order.recipient_phone ? { phone: order.recipient_phone } : {}),
      positions: rewards.map((r) => r.position),
      ...(what.kind === 'email.reminder' ? { reminder: what.n } : { voids_on: what.voidsOn }),
    },
  });
  return true;
}
