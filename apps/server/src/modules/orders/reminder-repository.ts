import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderRow } from './repository';

type Tx = Transaction<Database> | Kysely<Database>;

/** Delivered orders that still have an issued reward nobody opened and nobody voided. */
const HAS_UNOPENED = sql<boolean>`EXISTS (
  SELECT 1 FROM rewards w WHERE w.order_id = o.id AND w.status = 'issued'
    AND w.claim_first_opened_at IS NULL AND w.void_state IS NULL)`;

/**
 * Orders due a reminder (decision 040): the k-th (k = 1, 2) once k × the organisation's
 * `reminder_after_days` have passed since delivery. Orders delivered more than three times that
 * long ago are left alone: a reminder missed by that much (the workers were down) is not sent late.
 */
export async function ordersDueReminder(db: Tx, limit: number): Promise<(OrderRow & { reminders_sent: number })[]> {
  const { rows } = await sql<OrderRow & { reminders_sent: number }>`
    SELECT o.*, coalesce(r.reminders_sent, 0)::int AS reminders_sent
    FROM orders o
    JOIN organisations g ON g.id = o.organisation_id
    LEFT JOIN order_reminders r ON r.order_id = o.id
    WHERE o.status = 'completed' AND g.reminder_after_days IS NOT NULL
      AND coalesce(r.reminders_sent, 0) < 2
      AND o.completed_at <= now() - make_interval(days => g.reminder_after_days * (coalesce(r.reminders_sent, 0) + 1))
      AND o.completed_at > now() - make_interval(days => g.reminder_after_days * 3)
      AND ${HAS_UNOPENED}
    ORDER BY o.completed_at
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * Claims the order's next reminder: true only for the caller that moved it from `seen` to
 * `seen + 1` (another process, or an earlier round, may have sent it).
 */
export async function claimReminder(tx: Tx, order: Pick<OrderRow, 'id' | 'organisation_id'>, seen: number) {
  const { rows } = await sql<{ n: number }>`
    INSERT INTO order_reminders (order_id, organisation_id, reminders_sent, last_reminded_at)
    VALUES (${order.id}, ${order.organisation_id}, 1, now())
    ON CONFLICT (order_id) DO UPDATE
      SET reminders_sent = order_reminders.reminders_sent + 1, last_reminded_at = now()
      WHERE order_reminders.reminders_sent = ${seen}
    RETURNING reminders_sent AS n`.execute(tx);
  return rows[0]?.n === seen + 1;
}

/**
 * Orders whose unopened rewards are due to be voided automatically within the notice period and
 * whose recipient has not been told: delivered at least `void_unopened_after_days` − `noticeDays`
 * days ago (older ones too, when the setting was turned on later: they are told now, and voided
 * `noticeDays` after).
 */
export async function ordersDueVoidNotice(
  db: Tx,
  noticeDays: number,
  limit: number,
): Promise<(OrderRow & { void_after_days: number })[]> {
  const { rows } = await sql<OrderRow & { void_after_days: number }>`
    SELECT o.*, g.void_unopened_after_days::int AS void_after_days
    FROM orders o
    JOIN organisations g ON g.id = o.organisation_id
    LEFT JOIN order_reminders r ON r.order_id = o.id
    WHERE o.status = 'completed' AND g.void_unopened_after_days IS NOT NULL
      AND r.void_notice_at IS NULL
      AND o.completed_at <= now() - make_interval(days => g.void_unopened_after_days - ${noticeDays})
      AND ${HAS_UNOPENED}
    ORDER BY o.completed_at
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * Delivered orders expiring within the notice period (decision 081) whose recipient has not been
 * told and still has an unopened reward. Only when delivery came more than the notice before the
 * expiry: a reward sent to expire in two days is not told twice in two days.
 */
export async function ordersDueExpiryNotice(db: Tx, noticeDays: number, limit: number): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    SELECT o.*
    FROM orders o
    LEFT JOIN order_reminders r ON r.order_id = o.id
    WHERE o.status = 'completed' AND o.expires_at IS NOT NULL AND o.expired_at IS NULL
      AND o.expires_at > now() AND o.expires_at <= now() + make_interval(days => ${noticeDays})
      AND o.completed_at < o.expires_at - make_interval(days => ${noticeDays})
      AND r.void_notice_at IS NULL
      AND ${HAS_UNOPENED}
    ORDER BY o.expires_at
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Claims the order's void notice: true only for the caller that wrote it. */
export async function claimVoidNotice(tx: Tx, order: Pick<OrderRow, 'id' | 'organisation_id'>) {
  const { rows } = await sql<{ at: Date }>`
    INSERT INTO order_reminders (order_id, organisation_id, void_notice_at)
    VALUES (${order.id}, ${order.organisation_id}, now())
    ON CONFLICT (order_id) DO UPDATE SET void_notice_at = now()
      WHERE order_reminders.void_notice_at IS NULL
    RETURNING void_notice_at AS at`.execute(tx);
  return rows.length === 1;
}

/**
 * Orders whose unopened rewards are now voided automatically: past `void_unopened_after_days`
 * since delivery AND told at least `noticeDays` ago, never without the notice.
 */
export async function ordersDueVoid(db: Tx, noticeDays: number, limit: number): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    SELECT o.*
    FROM orders o
    JOIN organisations g ON g.id = o.organisation_id
    JOIN order_reminders r ON r.order_id = o.id
    WHERE o.status = 'completed' AND g.void_unopened_after_days IS NOT NULL
      AND o.completed_at <= now() - make_interval(days => g.void_unopened_after_days)
      AND r.void_notice_at <= now() - make_interval(days => ${noticeDays})
      AND ${HAS_UNOPENED}
    ORDER BY o.completed_at
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** The order's issued rewards that nobody has opened or voided. */
export async function unopenedRewards(tx: Tx, orderId: string) {
  return tx
    .selectFrom('rewards')
    .select(['id', 'position', 'claim_token_encrypted'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'issued')
    .where('claim_first_opened_at', 'is', null)
    .where('void_state', 'is', null)
    .orderBy('position')
    .execute();
}
