import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { completeKeyQuery } from '../idempotency/repository';

type Tx = Transaction<Database> | Kysely<Database>;
export type OrderRow = Selectable<Database['orders']>;
export type RewardRow = Selectable<Database['rewards']>;
export type OrderEventRow = Selectable<Database['order_events']>;

/**
 * A new order with its rewards and its first event, and (with an Idempotency-Key) the stored
 * answer, in ONE statement of data-modifying CTEs: the order path pays one round trip for all.
 */
export async function insertOrderWithRewards(
  tx: Kysely<Database>,
  o: {
    order: OrderRow;
    rewards: {
      order_id: string;
      organisation_id: string;
      position: number;
      claim_token_hash: string;
      claim_token_encrypted: string;
    }[];
    event: { type: string; payload: Record<string, unknown> };
    answer?: { organisationId: string; key: string; status: number; body: string };
  },
): Promise<void> {
  const { order } = o;
  let q = tx
    .with('o', (db) =>
      db.insertInto('orders').values({
        id: order.id,
        organisation_id: order.organisation_id,
        created_by: order.created_by,
        product_id: order.product_id,
        product_code: order.product_code,
        product_name: order.product_name,
        brand: order.brand,
        category: order.category,
        country: order.country,
        currency: order.currency,
        amount_minor: Number(order.amount_minor),
        quantity: order.quantity,
        subtotal_minor: Number(order.subtotal_minor),
        fee_minor: Number(order.fee_minor),
        total_minor: Number(order.total_minor),
        charge_currency: order.charge_currency,
        fx_rate: order.fx_rate,
        charged_subtotal_minor: Number(order.charged_subtotal_minor),
        charged_fee_minor: Number(order.charged_fee_minor),
        charged_total_minor: Number(order.charged_total_minor),
        recipient_email: order.recipient_email,
        recipient_name: order.recipient_name,
        message: order.message,
        created_at: order.created_at,
      }),
    )
    .with('r', (db) => db.insertInto('rewards').values(o.rewards))
    .with('e', (db) =>
      db.insertInto('order_events').values({
        order_id: order.id,
        organisation_id: order.organisation_id,
        type: o.event.type,
        payload: JSON.stringify(o.event.payload),
        created_at: order.created_at,
      }),
    );
  const answer = o.answer;
  if (answer) q = q.with('k', (db) => completeKeyQuery(db, answer)) as unknown as typeof q;
  await q.selectNoFrom(sql<number>`1`.as('done')).execute();
}

export async function insertEvent(
  tx: Tx,
  e: { order_id: string; organisation_id: string; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await tx
    .insertInto('order_events')
    .values({ ...e, payload: JSON.stringify(e.payload) })
    .execute();
}

/** The organisation's order, or undefined: another organisation's order is as absent as a missing one. */
export async function findOrder(tx: Tx, organisationId: string, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** The organisation's order, locked for the rest of the transaction. */
export async function lockOrder(tx: Tx, organisationId: string, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function changeRecipient(tx: Tx, orderId: string, email: string): Promise<OrderRow> {
  return tx
    .updateTable('orders')
    .set({ recipient_email: email })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findOrderForWorker(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  return tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function listRewards(tx: Tx, orderId: string): Promise<RewardRow[]> {
  return tx.selectFrom('rewards').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

export async function listEvents(tx: Tx, orderId: string): Promise<OrderEventRow[]> {
  return tx.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export interface OrderFilter {
  organisationId: string;
  /** Matched anywhere in the id, recipient email or name, brand or product name; any case. */
  search?: string;
  status?: OrderRow['status'];
}

/** `%` and `_` in what a person typed are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(tx: Tx, f: OrderFilter) {
  let query = tx.selectFrom('orders').where('organisation_id', '=', f.organisationId);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.search) query = query.where(sql<string>`search_text`, 'like', likePattern(f.search));
  return query;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listOrders(
  tx: Tx,
  q: OrderFilter & { limit: number; after?: { createdAt: Date; id: string } },
): Promise<OrderRow[]> {
  let query = filtered(tx, q).selectAll();
  if (q.after) {
    const { createdAt, id } = q.after;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute() as Promise<OrderRow[]>;
}

export interface StatusCount {
  status: OrderRow['status'];
  orders: number;
  charged_total_minor: number;
}

/** Orders and their charged totals per status over the searched set (the search reads the orders). */
export async function searchedStatusCounts(tx: Tx, f: OrderFilter): Promise<StatusCount[]> {
  const rows = await filtered(tx, f)
    .select([
      'status',
      sql<string>`count(*)`.as('orders'),
      sql<string>`coalesce(sum(charged_total_minor), 0)`.as('charged_total_minor'),
    ])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    orders: Number(r.orders),
    charged_total_minor: Number(r.charged_total_minor),
  }));
}

/**
 * Leases a pending reward to this worker for `seconds`, so that two workers never place the same
 * reward at once. Returns undefined when it is issued, failed, or leased by someone else.
 */
export async function leaseReward(
  tx: Tx,
  rewardId: string,
  owner: string,
  seconds: number,
): Promise<RewardRow | undefined> {
  // The same job may take its own lease back at once: pg-boss only runs a job again when its
  // previous run is over (failed, timed out, or its worker died).
  return tx
    .updateTable('rewards')
    .set({
      lease_owner: owner,
      lease_until: sql`now() + make_interval(secs => ${seconds})`,
      attempts: sql`attempts + 1`,
    })
    .where('id', '=', rewardId)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`), eb('lease_owner', '=', owner)]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function markRewardIssued(
  tx: Tx,
  r: {
    id: string;
    providerOrderId: string;
    codeEncrypted: string;
    pinEncrypted: string | null;
    codeLast4: string;
    redemptionUrl: string | null;
    expiresAt: Date | null;
  },
): Promise<boolean> {
  const res = await tx
    .updateTable('rewards')
    .set({
      status: 'issued',
      provider_order_id: r.providerOrderId,
      code_encrypted: r.codeEncrypted,
      pin_encrypted: r.pinEncrypted,
      code_last4: r.codeLast4,
      redemption_url: r.redemptionUrl,
      expires_at: r.expiresAt,
      issued_at: sql`now()`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', r.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function releaseRewardLease(tx: Tx, rewardId: string): Promise<void> {
  await tx
    .updateTable('rewards')
    .set({ lease_until: null })
    .where('id', '=', rewardId)
    .where('status', '=', 'pending')
    .execute();
}

/** Moves a pending order to its final state; false when it was already final (a replayed job). */
export async function finishOrder(
  tx: Tx,
  orderId: string,
  outcome: { status: 'completed' } | { status: 'failed'; reason: string },
): Promise<OrderRow | undefined> {
  const base = tx.updateTable('orders').where('id', '=', orderId).where('status', '=', 'pending');
  const q =
    outcome.status === 'completed'
      ? base.set({ status: 'completed', completed_at: sql`now()` })
      : base.set({ status: 'failed', failed_at: sql`now()`, failure_reason: outcome.reason });
  return q.returningAll().executeTakeFirst();
}

export async function failPendingRewards(tx: Tx, orderId: string): Promise<void> {
  await tx
    .updateTable('rewards')
    .set({ status: 'failed', lease_until: null })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

export async function findRewardByClaimHash(tx: Tx, hash: string) {
  return tx
    .selectFrom('rewards as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.status',
      'r.code_encrypted',
      'r.pin_encrypted',
      'r.redemption_url',
      'r.expires_at',
      'o.organisation_id',
      'o.product_code',
      'o.product_name',
      'o.brand',
      'o.currency',
      'o.amount_minor',
      'o.message',
    ])
    .where('r.claim_token_hash', '=', hash)
    .executeTakeFirst();
}

export async function recordClaimOpened(tx: Tx, rewardId: string): Promise<void> {
  await tx
    .updateTable('rewards')
    .set({
      claim_first_opened_at: sql`coalesce(claim_first_opened_at, now())`,
      claim_last_opened_at: sql`now()`,
      claim_open_count: sql`claim_open_count + 1`,
    })
    .where('id', '=', rewardId)
    .execute();
}
