import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderRow } from './repository';

type Tx = Transaction<Database> | Kysely<Database>;

/** The void reason of a reward voided at its order's expiry: also how a retry finds it. */
export const EXPIRED_REASON = 'Expired: not claimed before the reward’s expiry';

/** Orders still on their way: their expiry waits until they settle (the sweep after that takes them). */
const IN_FLIGHT = sql`('pending', 'scheduled', 'pending_approval', 'pending_review')`;

/** An order the sweep may claim now: past its expiry, not claimed, and settled or waiting for a pick. */
const DUE = sql`expires_at <= now() AND expired_at IS NULL
        AND (status NOT IN ${IN_FLIGHT}
          -- A choice reward nobody chose (decision 080) waits as \`pending\` with its money held.
          OR (status = 'pending' AND choice_product_codes IS NOT NULL AND EXISTS (
            SELECT 1 FROM rewards w WHERE w.order_id = orders.id AND w.status = 'awaiting_choice'
              AND w.void_state IS NULL)))`;

/**
 * Whether any order is due for the sweep (decision 089): one probe of the partial index
 * `orders_expiry_due`, cheap enough for every 30-second housekeeping round, so a refund follows
 * its expiry within a minute while a round with nothing due costs this one look.
 */
export async function anyDue(tx: Tx): Promise<boolean> {
  const { rows } = await sql<{ due: boolean }>`SELECT EXISTS (SELECT 1 FROM orders WHERE ${DUE}) AS due`.execute(tx);
  return rows[0]?.due === true;
}

/**
 * Claims up to `limit` orders past their `expires_at` for this sweep, once across processes: the
 * rows another sweep holds are skipped (SKIP LOCKED), and `expired_at` set here keeps every later
 * sweep off them. FOR NO KEY UPDATE, as lockOrder takes it: a claim page's opening (which holds its
 * reward and takes KEY SHARE on the order) is not blocked by it, and the reward rows decide.
 */
export async function claimDueOrders(tx: Tx, limit: number): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    UPDATE orders o SET expired_at = now()
    WHERE o.id IN (
      SELECT id FROM orders
      WHERE ${DUE}
      ORDER BY expires_at
      LIMIT ${limit}
      FOR NO KEY UPDATE SKIP LOCKED)
    RETURNING o.*`.execute(tx);
  return rows;
}

/**
 * Marks the claimed orders' issued rewards that nobody has opened as void `requested`, as a void
 * does (decision 039): conditional on the row, so a claim page opening one at the same moment
 * either went first (it is opened, not refunded) or finds it expired.
 */
export async function markExpiryRequested(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  return (
    tx
      .updateTable('rewards')
      .set({ void_state: 'requested', voided_at: sql`now()`, void_reason: EXPIRED_REASON })
      .where('order_id', 'in', orderIds)
      .where('status', '=', 'issued')
      .where('claim_first_opened_at', 'is', null)
      // A card the recipient chose before the expiry (decision 089) is theirs, opened or not.
      .where('chosen_at', 'is', null)
      .where('void_state', 'is', null)
      .returning(['id', 'order_id', 'position'])
      .execute()
  );
}

/**
 * The claimed orders' choice rewards nobody chose (decision 080): there is no card to cancel, so
 * they are refunded at once, conditional on the row as a pick is (claim-choice.ts): a pick that
 * came first has moved the reward on, and one that comes after finds it closed.
 */
export async function closeUnchosen(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  return tx
    .updateTable('rewards')
    .set({ void_state: 'refunded', voided_at: sql`now()`, void_reason: EXPIRED_REASON })
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'awaiting_choice')
    .where('void_state', 'is', null)
    .returning(['id', 'order_id', 'position'])
    .execute();
}

/** An unchosen choice order at its expiry: cancelled, its hold to be released in full. */
export async function cancelUnchosenOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .updateTable('orders')
    .set({
      status: 'cancelled',
      failure_reason: 'Expired before the recipient chose a card',
      expiry_refunded_count: sql`expiry_refunded_count + 1`,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** The claimed orders' rewards that were opened (or chosen) before they expired: they keep their value. */
export async function openedAtExpiry(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  return tx
    .selectFrom('rewards')
    .select(['id', 'order_id', 'position'])
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'issued')
    .where('void_state', 'is', null)
    .where((eb) => eb.or([eb('claim_first_opened_at', 'is not', null), eb('chosen_at', 'is not', null)]))
    .execute();
}

/**
 * Rewards an earlier sweep asked the provider to cancel at expiry and never settled (the provider
 * did not answer, or the process stopped), with their orders: the sweep asks again.
 */
export async function unsettledExpiries(tx: Tx, limit: number) {
  const rewards = await tx
    .selectFrom('rewards')
    .select(['id', 'order_id', 'position'])
    .where('void_state', '=', 'requested')
    .where('void_reason', '=', EXPIRED_REASON)
    .where('voided_at', '<', sql<Date>`now() - interval '5 minutes'`)
    .orderBy('voided_at')
    .limit(limit)
    .execute();
  const ids = [...new Set(rewards.map((r) => r.order_id))];
  const orders = ids.length ? await tx.selectFrom('orders').selectAll().where('id', 'in', ids).execute() : [];
  return { rewards, orders };
}

/** What the expiry left the order with: the rewards it refunded and, if some value stayed, why. */
export async function recordExpiryOutcome(tx: Tx, orderId: string, refunded: number, note: string | null) {
  await tx
    .updateTable('orders')
    .set({
      expiry_refunded_count: sql`expiry_refunded_count + ${refunded}`,
      expiry_note: note === null ? sql`expiry_note` : note.slice(0, 500),
    })
    .where('id', '=', orderId)
    .execute();
}

/** Each order's history lines, in one statement. */
export async function insertHistory(
  tx: Tx,
  lines: { order_id: string; organisation_id: string; type: string; payload: Record<string, unknown> }[],
) {
  if (!lines.length) return;
  await tx
    .insertInto('order_events')
    .values(lines.map((l) => ({ ...l, payload: JSON.stringify(l.payload) })))
    .execute();
}
