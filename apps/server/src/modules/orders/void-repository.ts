import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderRow, RewardRow } from './repository';

type Tx = Transaction<Database> | Kysely<Database>;

/**
 * Marks the order's issued rewards that nobody has opened as void `requested`, and answers their
 * ids. Conditional on the row: a claim page opening the reward at the same moment either went
 * first (the reward is opened, not voided) or waits and then finds it voided (decision 039).
 */
export async function markVoidRequested(tx: Tx, orderId: string, reason: string | null): Promise<string[]> {
  const rows = await tx
    .updateTable('rewards')
    .set({ void_state: 'requested', voided_at: sql`now()`, void_reason: reason })
    .where('order_id', '=', orderId)
    .where('status', '=', 'issued')
    .where('claim_first_opened_at', 'is', null)
    .where('void_state', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The order's rewards whose void is asked for and not yet answered by the provider. */
export async function listVoidRequested(tx: Tx, orderId: string): Promise<RewardRow[]> {
  return tx
    .selectFrom('rewards')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('void_state', '=', 'requested')
    .orderBy('position')
    .execute();
}

/** The order's voided rewards, whatever their state. */
export async function listVoided(tx: Tx, orderId: string): Promise<RewardRow[]> {
  return tx
    .selectFrom('rewards')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('void_state', 'is not', null)
    .orderBy('position')
    .execute();
}

/**
 * The provider's answer for one reward: `refunded` or `not_cancelled` (with its reason), only if
 * still `requested`; true when this call made the change, so its refund is posted once.
 */
export async function settleVoid(
  tx: Tx,
  rewardId: string,
  outcome: { state: 'refunded'; note: string | null } | { state: 'not_cancelled'; reason: string },
): Promise<boolean> {
  const row = await tx
    .updateTable('rewards')
    .set(
      outcome.state === 'refunded'
        ? { void_state: 'refunded', void_note: outcome.note }
        : { void_state: 'not_cancelled', void_note: outcome.reason.slice(0, 500) },
    )
    .where('id', '=', rewardId)
    .where('void_state', '=', 'requested')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * A refunded void moves its order as a reward that could not be issued does (decision 076): the
 * reward's share joins what went back to the balance, it is counted, and the order is `voided`
 * once no issued reward is left. The rollups follow through the order's status trigger.
 */
export async function releaseVoidedShare(
  tx: Tx,
  orderId: string,
  share: { subtotal: number; fee: number },
): Promise<OrderRow['status']> {
  const row = await tx
    .updateTable('orders')
    .set({
      voided_count: sql`voided_count + 1`,
      released_subtotal_minor: sql`released_subtotal_minor + ${share.subtotal}`,
      released_fee_minor: sql`released_fee_minor + ${share.fee}`,
      status: sql`CASE WHEN voided_count + 1 >= issued_count THEN 'voided' ELSE status END`,
    })
    .where('id', '=', orderId)
    .returning('status')
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * A choice reward nobody has chosen yet (decision 080), voided by its sender (decision 089): there
 * is no card to cancel, so it is closed at once, `refunded`, conditional on the row as a pick is
 * (claim-choice.ts): of a void and a pick racing, one moves the reward and the other finds it moved.
 */
export async function closeUnchosen(tx: Tx, orderId: string, reason: string | null) {
  return tx
    .updateTable('rewards')
    .set({ void_state: 'refunded', voided_at: sql`now()`, void_reason: reason })
    .where('order_id', '=', orderId)
    .where('status', '=', 'awaiting_choice')
    .where('void_state', 'is', null)
    .returningAll()
    .execute();
}

/** Its order: `cancelled`, as an unchosen reward at its expiry leaves it; the hold goes back in full. */
export async function cancelUnchosenOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  return tx
    .updateTable('orders')
    .set({ status: 'cancelled', failure_reason: 'Voided by the sender before the recipient chose a card' })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
}
