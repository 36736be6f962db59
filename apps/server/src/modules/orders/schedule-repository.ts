import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderRow } from './repository';

type Tx = Transaction<Database> | Kysely<Database>;

/** Cancels the organisation's order if it is still scheduled; undefined otherwise. */
export async function cancel(tx: Tx, organisationId: string, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .updateTable('orders')
    .set({ status: 'cancelled' })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .where('status', '=', 'scheduled')
    .returningAll()
    .executeTakeFirst();
}

/** The organisation's order, locked, if it is still scheduled. */
export async function lockScheduled(tx: Tx, organisationId: string, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .where('status', '=', 'scheduled')
    .forUpdate()
    .executeTakeFirst();
}

export async function moveTo(tx: Tx, orderId: string, sendAt: Date): Promise<OrderRow> {
  return tx
    .updateTable('orders')
    .set({ send_at: sendAt })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
