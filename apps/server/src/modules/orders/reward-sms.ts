import { type OrderSms, rewardSmsText, type SmsStatus } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { decryptSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { checkPhone } from '../../lib/phone';
import { SmsProviderError } from '../../providers/sms/types';
import { senderBranding } from '../organisation';
import * as repo from './repository';
import { rewardData } from './reward-events';

/**
 * SMS delivery (issue 32, decision 082). An order with `recipient_phone` gets its claim links by
 * text as well as by email: each send of the email (the first, its fallback, a resend) queues one
 * text under the email's Message-ID, and `sms_messages` holds it once per (order, key), so a job
 * redelivered, a fallback after a crash or two workers never text twice.
 */
export const SMS_QUEUE = 'orders.sms';

export interface SmsJob {
  orderId: string;
  key: string;
  /** A reminder's first words (decision 088), such as "Reminder:"; none for a send. */
  lead?: string;
}

/** Retried on what may work later (Twilio's 5xx and 429, a timeout), with backoff up to half an hour. */
export const SMS_QUEUE_OPTIONS = {
  notify: true,
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 1800,
  deleteAfterSeconds: 3600,
} as const;

/** How long a text being sent holds its row before another run may take it (the first died). */
const SENDING_LEASE_SECONDS = 120;

/**
 * The order's number checked as placed (decision 082): a mobile number in E.164 (400
 * PHONE_INVALID with the reason and the country), texts able to reach it (409 SMS_UNAVAILABLE
 * when email goes through SMTP and no SMS provider is configured, as the mailbox is then not
 * served), and not opted out (409 RECIPIENT_OPTED_OUT). Nothing is written before this.
 */
export async function checkOrderPhone(app: FastifyInstance, input: string, path = 'body.phone'): Promise<string> {
  const phone = checkPhone(input, path);
  if (app.sms.name === 'mailbox' && app.mail.transport === 'smtp')
    throw new AppError(
      'SMS_UNAVAILABLE',
      'This GiftRelay has no SMS provider configured (TWILIO_*): leave phone out, or ask its operator to set one up',
    );
  if (await isOptedOut(app.db, phone))
    throw new AppError(
      'RECIPIENT_OPTED_OUT',
      `${phone} replied STOP to our texts: it gets none until it replies START. Send by email only`,
      [{ path, message: `${path.split('.').pop()} opted out of texts (STOP)` }],
    );
  return phone;
}

/** Whether the number sent STOP (and not START since). */
export async function isOptedOut(db: Kysely<Database>, phone: string): Promise<boolean> {
  const row = await db.selectFrom('sms_opt_outs').select('phone').where('phone', '=', phone).executeTakeFirst();
  return row !== undefined;
}

/** Queues the order's text for this send of its email (`key`: the email's Message-ID). */
export async function queueRewardSms(
  app: FastifyInstance,
  orderId: string,
  key: string,
  db: Kysely<Database> = app.db,
  lead?: string,
) {
  const job: SmsJob = lead ? { orderId, key, lead } : { orderId, key };
  await app.queue.boss.send(SMS_QUEUE, job, db === app.db ? {} : { db: fromKysely(db) });
}

/** The text itself: who sent it, what, the claim links of the rewards still to be had. */
export async function renderRewardSms(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: repo.RewardRow[],
  lead?: string,
) {
  const branding = await senderBranding(app.db, order.organisation_id);
  const links = rewards.map(
    (r) => `${app.config.publicUrl}/claim/${decryptSecret(app.secrets.rewardCodeKey, r.claim_token_encrypted)}`,
  );
  const body = rewardSmsText({
    sender: branding.sender,
    brand: order.brand,
    productName: order.product_name,
    value: formatMoney(Number(order.amount_minor), order.currency),
    amount: toMajor(Number(order.amount_minor), order.currency),
    links,
    sandbox: order.sandbox,
  });
  return { body: lead ? `${lead} ${body}` : body, fromName: branding.sender };
}

/**
 * The job: claims the (order, key) row, sends the text and records what the provider said.
 * A refusal for good (a 4xx) fails the text with `reward.sms_failed`; anything that may work
 * later is thrown for the queue to retry. The built-in mailbox delivers at once.
 */
export async function sendRewardSms(app: FastifyInstance, job: SmsJob): Promise<void> {
  const order = await repo.findOrderForWorker(app.db, job.orderId);
  if (!order?.recipient_phone) return;
  // A choice order texts its claim link while it waits for the pick (decision 080), as it emails it:
  // for an order reached by text only (decision 088) the text is the only invitation.
  const choosing = order.status === 'pending' && order.choice_product_codes !== null;
  if (order.status !== 'completed' && !choosing) return;
  // As the email: the issued rewards not voided (decisions 058, 076).
  const rewards = (await repo.listRewards(app.db, order.id)).filter(
    (r) => (r.status === 'issued' || (choosing && r.status === 'awaiting_choice')) && r.void_state === null,
  );
  if (rewards.length === 0) return;
  // A number that opted out after the order was placed gets nothing more.
  if (await isOptedOut(app.db, order.recipient_phone)) return;
  await app.db
    .insertInto('sms_messages')
    .values({
      organisation_id: order.organisation_id,
      order_id: order.id,
      send_key: job.key,
      to_phone: order.recipient_phone,
      provider: app.sms.name,
    })
    .onConflict((oc) => oc.columns(['order_id', 'send_key']).doNothing())
    .execute();
  const claimed = await app.db
    .updateTable('sms_messages')
    .set({ status: 'sending', attempts: sql`attempts + 1`, updated_at: sql`now()` })
    .where('order_id', '=', order.id)
    .where('send_key', '=', job.key)
    .where('provider_sid', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'sending'),
          eb('updated_at', '<', sql<Date>`now() - make_interval(secs => ${SENDING_LEASE_SECONDS})`),
        ]),
      ]),
    )
    .returning(['id', 'to_phone'])
    .executeTakeFirst();
  if (!claimed) {
    const row = await app.db
      .selectFrom('sms_messages')
      .select('status')
      .where('order_id', '=', order.id)
      .where('send_key', '=', job.key)
      .executeTakeFirst();
    // Another run holds it: come back once its lease may have lapsed; sent or failed: done.
    if (row?.status === 'sending') throw new Error('the text is being sent by another run');
    return;
  }
  const { body, fromName } = await renderRewardSms(app, order, rewards, job.lead);
  try {
    const receipt = await app.sms.send({
      to: claimed.to_phone,
      body,
      fromName,
      key: `${order.id}.${job.key}`,
      statusCallback: app.sms.name === 'twilio' ? `${app.config.publicUrl}${SMS_STATUS_PATH}` : undefined,
    });
    await app.db
      .updateTable('sms_messages')
      .set({ provider_sid: receipt.sid, status: 'queued', updated_at: sql`now()` })
      .where('id', '=', claimed.id)
      .execute();
    // Twilio's answer is `queued` (or `accepted`); its callbacks tell the rest.
    if (receipt.status !== 'queued') await recordSmsStatus(app.db, { sid: receipt.sid, status: receipt.status });
  } catch (err) {
    if (err instanceof SmsProviderError && !err.retryable) {
      app.log.info({ orderId: order.id, code: err.code }, 'text refused by the SMS provider');
      await app.db
        .updateTable('sms_messages')
        .set({ provider_sid: `refused:${claimed.id}`, status: 'queued', updated_at: sql`now()` })
        .where('id', '=', claimed.id)
        .execute();
      await recordSmsStatus(app.db, {
        sid: `refused:${claimed.id}`,
        status: 'failed',
        errorCode: err.code,
        errorMessage: err.message,
      });
      return;
    }
    // Let it go for the retry, which may take it at once.
    await app.db
      .updateTable('sms_messages')
      .set({ status: 'queued', updated_at: sql`now()` })
      .where('id', '=', claimed.id)
      .where('provider_sid', 'is', null)
      .execute();
    throw err;
  }
}

/** Twilio's status callbacks arrive here (modules/sms); the path its StatusCallback is given. */
export const SMS_STATUS_PATH = '/api/v1/sms/twilio/status';

const RANK: Record<SmsStatus, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 };

/**
 * A text's progress, as Twilio's status callback (or the provider's answer) said it. Only a step
 * forward is taken (a callback replayed, or arriving late, after a later one changes nothing),
 * and reaching `delivered` writes `reward.delivered` (channel `sms`) for each issued reward,
 * `failed`/`undelivered` a `reward.sms_failed`, with a line in the order's history: once, as the
 * conditional update is the statement's first step. Returns whether anything changed; an unknown
 * SID changes nothing.
 */
export async function recordSmsStatus(
  db: Kysely<Database>,
  s: { sid: string; status: SmsStatus; errorCode?: number | null; errorMessage?: string | null; at?: Date },
): Promise<boolean> {
  const at = s.at ?? new Date();
  const rank = RANK[s.status];
  const terminalFailure = s.status === 'failed' || s.status === 'undelivered';
  const { rows } = await sql<{ n: number }>`
    WITH u AS (
      UPDATE sms_messages
      SET status = ${s.status}, updated_at = ${at}::timestamptz,
          error_code = ${terminalFailure ? (s.errorCode ?? null) : null}::int,
          error_message = ${terminalFailure ? ((s.errorMessage ?? null)?.slice(0, 500) ?? null) : null}::text
      WHERE provider_sid = ${s.sid}
        AND CASE status WHEN 'queued' THEN 0 WHEN 'sending' THEN 1 WHEN 'sent' THEN 2 ELSE 3 END < ${rank}::int
      RETURNING id, order_id, organisation_id, to_phone, status, error_code, error_message
    ),
    r AS (
      SELECT rw.id, rw.order_id, rw.organisation_id, rw.position, o.recipient_email, u.to_phone, u.status,
             u.error_code, u.error_message
      FROM u JOIN rewards rw ON rw.order_id = u.order_id AND rw.status = 'issued' AND rw.void_state IS NULL
      JOIN orders o ON o.id = u.order_id
      WHERE u.status IN ('delivered', 'failed', 'undelivered')
    ),
    delivered AS (
      UPDATE rewards SET delivered_at = coalesce(delivered_at, ${at}::timestamptz)
      WHERE id IN (SELECT id FROM r WHERE status = 'delivered')
    ),
    ev AS (
      INSERT INTO events (organisation_id, type, data, created_at)
      SELECT r.organisation_id,
             CASE WHEN r.status = 'delivered' THEN 'reward.delivered' ELSE 'reward.sms_failed' END,
             CASE WHEN r.status = 'delivered'
               THEN jsonb_build_object(${rewardData('r', sql`r.recipient_email`)}, 'delivered_at', ${at.toISOString()}::text,
                                       'channel', 'sms', 'recipient_phone', r.to_phone)
               ELSE jsonb_build_object(${rewardData('r', sql`r.recipient_email`)}, 'recipient_phone', r.to_phone,
                                       'failed_at', ${at.toISOString()}::text, 'status', r.status,
                                       'error_code', r.error_code, 'error_message', r.error_message)
             END,
             ${at}::timestamptz
      FROM r ORDER BY r.position
    ),
    hist AS (
      INSERT INTO order_events (order_id, organisation_id, type, payload, created_at)
      SELECT u.order_id, u.organisation_id, 'sms.' || u.status,
             jsonb_build_object('to', u.to_phone, 'error_code', u.error_code, 'error_message', u.error_message),
             ${at}::timestamptz
      FROM u WHERE u.status IN ('delivered', 'failed', 'undelivered')
    )
    SELECT count(*)::int AS n FROM u`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/** The newest text of each order (for the detail page and the export). */
export async function latestSms(db: Kysely<Database>, orderIds: string[]): Promise<Map<string, OrderSms>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sms_messages')
    .select(['order_id', 'to_phone', 'status', 'provider', 'error_code', 'error_message', 'updated_at', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<string, OrderSms>();
  for (const r of rows) {
    if (latest.has(r.order_id)) continue;
    latest.set(r.order_id, {
      to: r.to_phone,
      status: r.status as SmsStatus,
      provider: r.provider as OrderSms['provider'],
      error_code: r.error_code,
      error_message: r.error_message,
      updated_at: r.updated_at.toISOString(),
    });
  }
  return latest;
}
